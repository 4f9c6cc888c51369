#include "contact/initial_penetration.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <map>
#include <unordered_map>
#include <utility>
#include <vector>

#include "contact/contact_setup.hpp"
#include "contact/contact_ties.hpp"
#include "contact/node_segment_penalty.hpp"

namespace mc {
namespace {

// The whole model as contact sees a rank's mesh, so build_contact_setup
// gives the run's segments, sides and thicknesses.
struct WholeMesh {
  std::vector<GlobalId> node_ids, shell_ids;
  std::unordered_map<GlobalId, int> index;
  ContactMesh mesh;
};

void build_whole_mesh(const Model& m, WholeMesh& w) {
  const int nn = static_cast<int>(m.nodes.size()), ne = static_cast<int>(m.shells.size());
  Vec3View x("penetration.x", nn);
  for (int n = 0; n < nn; ++n) {
    w.node_ids.push_back(m.nodes[n].id);
    w.index.emplace(m.nodes[n].id, n);
    for (int k = 0; k < 3; ++k) x(n, k) = static_cast<Real>(m.nodes[n].x[k]);
  }
  std::map<GlobalId, int> part_index;
  for (const auto& [id, part] : m.parts) {
    part_index.emplace(id, static_cast<int>(w.mesh.parts.size()));
    const Material& mat = m.materials.at(part.material);
    w.mesh.parts.push_back({id, mat.youngs, mat.poisson});
  }
  Conn4View conn("penetration.conn", ne);
  IntView part("penetration.part", ne);
  RealView thickness("penetration.thickness", ne);
  ByteView alive("penetration.alive", ne);
  for (int e = 0; e < ne; ++e) {
    const Shell& s = m.shells[e];
    w.shell_ids.push_back(s.id);
    for (int c = 0; c < 4; ++c) conn(e, c) = w.index.at(s.nodes[c]);
    part(e) = part_index.at(s.part);
    thickness(e) = static_cast<Real>(s.thickness > 0 ? s.thickness
                                                     : m.sections.at(m.parts.at(s.part).section).thickness);
    alive(e) = 1;
  }
  w.mesh.x = x;
  w.mesh.node_ids = &w.node_ids;
  w.mesh.shell_nodes = conn;
  w.mesh.shell_part = part;
  w.mesh.shell_thickness = thickness;
  w.mesh.alive = alive;
  w.mesh.shell_ids = &w.shell_ids;
}

// The segments binned by the grid cells their grown boxes cover: a dense
// grid over the interface, its cells' lists in one array (counted, then
// filled in segment order, so each cell lists its segments ascending, as
// the search below needs for a result independent of the binning).
class SegmentGrid {
 public:
  // boxes: each segment's lo[3], hi[3]; h: the smallest cell edge. Coarser
  // where the interface's box would need more than kMaxCells cells.
  SegmentGrid(const std::vector<std::array<double, 6>>& boxes, double h) : h_(h) {
    double lo[3] = {1e300, 1e300, 1e300}, hi[3] = {-1e300, -1e300, -1e300};
    for (const auto& b : boxes)
      for (int k = 0; k < 3; ++k) {
        lo[k] = std::min(lo[k], b[k]);
        hi[k] = std::max(hi[k], b[3 + k]);
      }
    for (;;) {
      double cells = 1;
      for (int k = 0; k < 3; ++k) cells *= double(index(hi[k]) - index(lo[k]) + 1);
      if (cells <= kMaxCells) break;
      h_ *= std::max(1.01, std::cbrt(cells / kMaxCells));
    }
    for (int k = 0; k < 3; ++k) {
      origin_[k] = index(lo[k]);
      n_[k] = index(hi[k]) - origin_[k] + 1;
    }
    start_.assign(static_cast<std::size_t>(n_[0] * n_[1] * n_[2]) + 1, 0);
    for (const auto& b : boxes) for_cells(b, [&](std::size_t c) { ++start_[c + 1]; });
    for (std::size_t c = 1; c < start_.size(); ++c) start_[c] += start_[c - 1];
    segments_.resize(static_cast<std::size_t>(start_.back()));
    std::vector<std::int64_t> next(start_.begin(), start_.end() - 1);
    for (std::size_t g = 0; g < boxes.size(); ++g)
      for_cells(boxes[g], [&](std::size_t c) { segments_[static_cast<std::size_t>(next[c]++)] = static_cast<int>(g); });
  }

  // The segments binned in p's cell (none outside the grid).
  std::pair<const int*, const int*> near(const double* p) const {
    std::size_t c = 0;
    for (int k = 0; k < 3; ++k) {
      const std::int64_t i = index(p[k]) - origin_[k];
      if (i < 0 || i >= n_[k]) return {nullptr, nullptr};
      c = c * static_cast<std::size_t>(n_[k]) + static_cast<std::size_t>(i);
    }
    return {segments_.data() + start_[c], segments_.data() + start_[c + 1]};
  }

 private:
  static constexpr double kMaxCells = 1 << 24;
  std::int64_t index(double v) const { return static_cast<std::int64_t>(std::floor(v / h_)); }
  template <class F>
  void for_cells(const std::array<double, 6>& b, F&& f) const {
    for (std::int64_t i = index(b[0]); i <= index(b[3]); ++i)
      for (std::int64_t j = index(b[1]); j <= index(b[4]); ++j)
        for (std::int64_t k = index(b[2]); k <= index(b[5]); ++k)
          f(static_cast<std::size_t>(((i - origin_[0]) * n_[1] + (j - origin_[1])) * n_[2] + (k - origin_[2])));
  }
  double h_;
  std::int64_t origin_[3] = {0, 0, 0}, n_[3] = {0, 0, 0};
  std::vector<std::int64_t> start_;
  std::vector<int> segments_;
};

// An interface's segments in a grid: a segment goes into every cell its box,
// grown by the reach and by the reach again (earlier moves shift its
// corners by at most that), covers: a node then finds every segment it can
// touch in its own cell.
SegmentGrid interface_grid(const InterfaceSetup& in, const ContactMesh& mesh,
                           const std::vector<std::array<double, 3>>& x, double reach) {
  const std::size_t segments = in.segment_element.size();
  std::vector<std::array<double, 6>> boxes(segments);
  for (std::size_t g = 0; g < segments; ++g) {
    std::array<double, 6>& b = boxes[g];
    b = {1e300, 1e300, 1e300, -1e300, -1e300, -1e300};
    for (int corner = 0; corner < 4; ++corner)
      for (int k = 0; k < 3; ++k) {
        const double v = x[static_cast<std::size_t>(mesh.shell_nodes(in.segment_element[g], corner))][k];
        b[k] = std::min(b[k], v - 2 * reach);
        b[3 + k] = std::max(b[3 + k], v + 2 * reach);
      }
  }
  return SegmentGrid(boxes, std::max(in.total_segment_size / static_cast<double>(segments), 2 * reach));
}

// Each shell's corners, counted once (a triangle's n3 == n4).
std::vector<std::vector<int>> shells_of_nodes(const ContactMesh& mesh) {
  std::vector<std::vector<int>> shells_of(static_cast<std::size_t>(mesh.node_count()));
  for (int e = 0; e < mesh.shell_count(); ++e)
    for (int c = 0; c < 4; ++c)
      if (c < 3 || mesh.shell_nodes(e, 3) != mesh.shell_nodes(e, 2)) shells_of[mesh.shell_nodes(e, c)].push_back(e);
  return shells_of;
}

void fix_interface(const InterfaceSetup& in, const ContactMesh& mesh, const std::vector<std::vector<int>>& shells_of,
                   std::vector<std::array<double, 3>>& x, PenetrationFix& fix) {
  const std::size_t segments = in.segment_element.size();
  if (segments == 0) return;
  double reach = 0;
  for (double h : in.node_half_thickness) reach = std::max(reach, h);
  reach += *std::max_element(in.segment_half_thickness.begin(), in.segment_half_thickness.end());
  const SegmentGrid grid = interface_grid(in, mesh, x, reach);
  // The run's search leaves out a segment's one-ring (nodes of the shells
  // touching it): so does this check.
  const auto in_one_ring = [&](int node, int e) {
    for (int f : shells_of[node])
      for (int c = 0; c < 4; ++c)
        for (int d = 0; d < 4; ++d)
          if (mesh.shell_nodes(f, c) == mesh.shell_nodes(e, d)) return true;
    return false;
  };
  std::vector<std::size_t> order(in.node_local.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return (*mesh.node_ids)[in.node_local[a]] < (*mesh.node_ids)[in.node_local[b]];
  });
  for (std::size_t slot : order) {
    const int node = in.node_local[slot];
    double* p = x[node].data();
    double deepest = 0, out[3] = {0, 0, 0};
    bool on_surface = false;
    const auto [first, last] = grid.near(p);
    for (const int* candidate = first; candidate != last; ++candidate) {
      const int g = *candidate;
      if (!sides_meet(in.node_bits[slot], in.segment_bits[g])) continue;
      const int e = in.segment_element[g];
      if (in_one_ring(node, e)) continue;
      double corners[4][3];
      for (int c = 0; c < 4; ++c)
        for (int k = 0; k < 3; ++k) corners[c][k] = x[mesh.shell_nodes(e, c)][k];
      const double distance = in.node_half_thickness[slot] + in.segment_half_thickness[g];
      const SegmentPoint q = closest_on_segment(p, corners, mesh.shell_nodes(e, 2) == mesh.shell_nodes(e, 3));
      if (!(q.distance2 < distance * distance)) continue;
      const double d = std::sqrt(q.distance2);
      if (!(d > 1e-12 * distance)) {
        on_surface = true;
        continue;
      }
      if (distance - d > deepest) {
        deepest = distance - d;
        for (int k = 0; k < 3; ++k) out[k] = (p[k] - q.x[k]) / d;
      }
    }
    fix.on_surface += on_surface && deepest == 0;
    if (deepest == 0) continue;
    // A hair beyond the contact distance, so rounding cannot leave it inside.
    const double move = deepest + 1e-9 * reach;
    for (int k = 0; k < 3; ++k) p[k] += move * out[k];
    ++fix.moved;
    if (move > fix.largest) {
      fix.largest = move;
      fix.node = (*mesh.node_ids)[node];
      fix.contact = in.id;
    }
  }
}

// *CONTACT_TIED_... without OFFSET: each slave node that ties goes to the
// closest point of its nearest master segment (the first in segment order
// of equals), in node id order, with the segments where earlier moves left them.
void project_tied_nodes(const InterfaceSetup& in, const ContactMesh& mesh, std::vector<std::array<double, 3>>& x,
                        PenetrationFix& fix) {
  const std::size_t segments = in.segment_element.size();
  if (segments == 0) return;
  double reach = in.tie_tolerance;
  if (!(reach > 0)) {
    for (double h : in.node_half_thickness) reach = std::max(reach, h);
    reach += *std::max_element(in.segment_half_thickness.begin(), in.segment_half_thickness.end());
  }
  const SegmentGrid grid = interface_grid(in, mesh, x, reach);
  std::vector<std::size_t> order(in.node_local.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return (*mesh.node_ids)[static_cast<std::size_t>(in.node_local[a])] <
           (*mesh.node_ids)[static_cast<std::size_t>(in.node_local[b])];
  });
  for (std::size_t slot : order) {
    if (!(in.node_bits[slot] & kSlaveSide)) continue;
    const int node = in.node_local[slot];
    double* p = x[static_cast<std::size_t>(node)].data();
    double best = 1e300, to[3] = {0, 0, 0};
    const auto [first, last] = grid.near(p);
    for (const int* candidate = first; candidate != last; ++candidate) {  // ascending segment order
      const auto g = static_cast<std::size_t>(*candidate);
      if (!(in.segment_bits[g] & kMasterSide)) continue;
      const int e = in.segment_element[g];
      double corners[4][3];
      bool own = false;
      for (int c = 0; c < 4; ++c) {
        own = own || mesh.shell_nodes(e, c) == node;
        for (int k = 0; k < 3; ++k) corners[c][k] = x[static_cast<std::size_t>(mesh.shell_nodes(e, c))][k];
      }
      if (own) continue;
      const double tolerance = in.tie_tolerance > 0 ? in.tie_tolerance
                                                    : in.node_half_thickness[slot] + in.segment_half_thickness[g];
      SegmentPoint closest;
      if (!ties_to(p, corners, mesh.shell_nodes(e, 2) == mesh.shell_nodes(e, 3), tolerance, closest)) continue;
      if (closest.distance2 < best) {
        best = closest.distance2;
        for (int k = 0; k < 3; ++k) to[k] = closest.x[k];
      }
    }
    if (best == 1e300 || best == 0) continue;
    for (int k = 0; k < 3; ++k) p[k] = to[k];
    ++fix.tied_moved;
    fix.tied_largest = std::max(fix.tied_largest, std::sqrt(best));
  }
}

}  // namespace

PenetrationFix remove_initial_penetrations(Model& model) {
  PenetrationFix fix;
  if (model.contacts.empty()) return fix;
  WholeMesh whole;
  build_whole_mesh(model, whole);
  const ContactSetup setup = build_contact_setup(model, whole.mesh);
  std::vector<std::array<double, 3>> x(model.nodes.size());
  for (std::size_t n = 0; n < x.size(); ++n) x[n] = model.nodes[n].x;
  const std::vector<std::vector<int>> shells_of = shells_of_nodes(whole.mesh);
  for (std::size_t i = 0; i < setup.interfaces.size(); ++i)
    if (!(model.contacts[i].birth > 0)) {
      if (model.contacts[i].tie_moves_nodes) project_tied_nodes(setup.interfaces[i], whole.mesh, x, fix);
      else if (!model.contacts[i].tie_at_start) fix_interface(setup.interfaces[i], whole.mesh, shells_of, x, fix);
    }
  for (std::size_t n = 0; n < x.size(); ++n) model.nodes[n].x = x[n];
  return fix;
}

}  // namespace mc
