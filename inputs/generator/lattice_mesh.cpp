#include "inputs/generator/lattice_mesh.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "io/vec3.hpp"

namespace mc {
namespace {

// Features closer than this many element sizes share one lattice line: no
// sliver cells, and each cell is 0.75-1.5 element sizes a side.
constexpr double kSnap = 0.75;

}  // namespace

void LatticeAxis::add_band(double lo, double hi, double factor) {
  bands_.push_back({lo, hi, factor});
  add_feature(lo);
  add_feature(hi);
}

double LatticeAxis::size_at(double x, double h) const {
  const double v = symmetric_ ? std::abs(x) : x;  // a symmetric axis' bands are given on the + side
  double size = h;
  for (const Band& b : bands_)
    if (v >= b.lo && v <= b.hi) size = std::min(size, h * b.factor);
  return size;
}

void LatticeAxis::build(double h) {
  std::vector<double> f = features_;
  if (symmetric_) {
    for (double& x : f) x = std::abs(x);
    f.push_back(0);
  }
  std::sort(f.begin(), f.end());
  f.erase(std::unique(f.begin(), f.end()), f.end());
  std::vector<double> kept;
  for (double x : f)
    if (kept.empty() || x - kept.back() >= kSnap * size_at(0.5 * (x + kept.back()), h)) kept.push_back(x);
  std::vector<double> lines;
  std::vector<int> kept_line;  // line index of each kept feature
  for (std::size_t k = 0; k < kept.size(); ++k) {
    kept_line.push_back(static_cast<int>(lines.size()));
    lines.push_back(kept[k]);
    if (k + 1 == kept.size()) break;
    const double length = kept[k + 1] - kept[k];
    const long n = std::max(1L, std::lround(length / size_at(0.5 * (kept[k] + kept[k + 1]), h)));
    for (long s = 1; s < n; ++s) lines.push_back(kept[k] + length * static_cast<double>(s) / static_cast<double>(n));
  }
  // Mirror: the positive lines (0 first) become -l_n .. 0 .. l_n.
  const int offset = symmetric_ ? static_cast<int>(lines.size()) - 1 : 0;
  lines_.clear();
  if (symmetric_)
    for (std::size_t k = lines.size() - 1; k > 0; --k) lines_.push_back(-lines[k]);
  lines_.insert(lines_.end(), lines.begin(), lines.end());
  snapped_.clear();
  for (double x : f) {
    const auto up = std::lower_bound(kept.begin(), kept.end(), x);
    std::size_t k = static_cast<std::size_t>(up - kept.begin());
    if (k == kept.size() || (k > 0 && x - kept[k - 1] <= kept[k] - x)) --k;  // nearest kept line
    snapped_.emplace_back(x, kept_line[k] + offset);
  }
}

int LatticeAxis::line(double feature) const {
  const double x = symmetric_ ? std::abs(feature) : feature;
  const auto it = std::lower_bound(snapped_.begin(), snapped_.end(), std::make_pair(x - 1e-6, -1));
  if (it == snapped_.end() || it->first > x + 1e-6) throw std::logic_error("lattice: coordinate is not a feature");
  if (!symmetric_ || feature >= 0) return it->second;
  return 2 * (size() / 2) - it->second;  // mirrored about the middle line (0)
}

void LatticeMesh::add_face(const LatticeFace& face) {
  faces_.push_back(face);
  axes_[face.normal].add_feature(face.plane);
  for (int t = 0; t < 2; ++t) {
    axes_[(face.normal + 1 + t) % 3].add_feature(face.lo[t]);
    axes_[(face.normal + 1 + t) % 3].add_feature(face.hi[t]);
  }
}

void LatticeMesh::build_axes(double h) {
  h_ = h;
  for (LatticeAxis& a : axes_) a.build(h);
}

std::int64_t LatticeMesh::cells_bound() const {
  std::int64_t n = 0;
  for (const LatticeFace& f : faces_) {
    const LatticeAxis& a = axes_[(f.normal + 1) % 3];
    const LatticeAxis& b = axes_[(f.normal + 2) % 3];
    n += std::int64_t{std::max(0, a.line(f.hi[0]) - a.line(f.lo[0]))} * std::max(0, b.line(f.hi[1]) - b.line(f.lo[1]));
  }
  return n;
}

std::int64_t LatticeMesh::node_key(int i, int j, int k) const {
  return (std::int64_t{i} * axes_[1].size() + j) * axes_[2].size() + k;
}

GlobalId LatticeMesh::node_id(int i, int j, int k) const {
  const std::int64_t key = node_key(i, j, k);
  const auto it = std::lower_bound(node_keys_.begin(), node_keys_.end(), key);
  if (it == node_keys_.end() || *it != key) throw std::logic_error("lattice: node is not on any face");
  return first_node_ + (it - node_keys_.begin());
}

std::vector<LatticeMesh::Cell> LatticeMesh::claimed_cells() const {
  std::vector<Cell> cells;
  cells.reserve(static_cast<std::size_t>(cells_bound()));
  for (std::size_t fi = 0; fi < faces_.size(); ++fi) {
    const LatticeFace& f = faces_[fi];
    const int n = f.normal, ta = (n + 1) % 3, tb = (n + 2) % 3;
    const int a0 = axes_[ta].line(f.lo[0]), a1 = axes_[ta].line(f.hi[0]);
    const int b0 = axes_[tb].line(f.lo[1]), b1 = axes_[tb].line(f.hi[1]);
    int ijk[3];
    ijk[n] = axes_[n].line(f.plane);
    for (int a = a0; a < a1; ++a)
      for (int b = b0; b < b1; ++b) {
        ijk[ta] = a;
        ijk[tb] = b;
        cells.push_back({3 * node_key(ijk[0], ijk[1], ijk[2]) + n, static_cast<std::int32_t>(fi), ijk[n], a, b});
      }
  }
  // A lattice square claimed by two faces goes to the first.
  std::vector<std::pair<std::int64_t, std::size_t>> order(cells.size());
  for (std::size_t c = 0; c < cells.size(); ++c) order[c] = {cells[c].key, c};
  std::sort(order.begin(), order.end());
  std::vector<char> kept(cells.size(), 0);
  for (std::size_t k = 0; k < order.size(); ++k) kept[order[k].second] = k == 0 || order[k].first != order[k - 1].first;
  std::size_t out = 0;
  for (std::size_t c = 0; c < cells.size(); ++c)
    if (kept[c]) cells[out++] = cells[c];
  cells.resize(out);
  return cells;
}

void LatticeMesh::mesh_into(Model& m, GlobalId first_node) {
  const std::vector<Cell> cells = claimed_cells();
  // Corners counterclockwise about the face's axis, as lattice keys.
  auto corners = [&](const Cell& c, std::int64_t out[4]) {
    const LatticeFace& f = faces_[static_cast<std::size_t>(c.face)];
    const int n = f.normal, ta = (n + 1) % 3, tb = (n + 2) % 3;
    const int da[4] = {0, 1, 1, 0}, db[4] = {0, 0, 1, 1};
    for (int q = 0; q < 4; ++q) {
      int ijk[3];
      ijk[n] = c.plane;
      ijk[ta] = c.a + da[q];
      ijk[tb] = c.b + db[q];
      out[q] = node_key(ijk[0], ijk[1], ijk[2]);
    }
  };
  node_keys_.clear();
  node_keys_.reserve(cells.size() + cells.size() / 4);
  for (const Cell& c : cells) {
    std::int64_t q[4];
    corners(c, q);
    node_keys_.insert(node_keys_.end(), q, q + 4);
  }
  std::sort(node_keys_.begin(), node_keys_.end());
  node_keys_.erase(std::unique(node_keys_.begin(), node_keys_.end()), node_keys_.end());
  first_node_ = first_node;

  const std::size_t first = m.nodes.size();
  const std::int64_t nyz = std::int64_t{axes_[1].size()} * axes_[2].size();
  for (std::size_t k = 0; k < node_keys_.size(); ++k) {
    const std::int64_t key = node_keys_[k];
    const int i = static_cast<int>(key / nyz), j = static_cast<int>((key / axes_[2].size()) % axes_[1].size()),
              l = static_cast<int>(key % axes_[2].size());
    m.nodes.push_back({first_node + static_cast<GlobalId>(k),
                       {axes_[0].coordinate(i), axes_[1].coordinate(j), axes_[2].coordinate(l)}});
  }
  apply_beads(m, first);
  GlobalId eid = m.shells.empty() ? 1 : m.shells.back().id + 1;
  for (const Cell& c : cells) {
    std::int64_t q[4];
    corners(c, q);
    Shell s;
    s.id = eid++;
    s.part = faces_[static_cast<std::size_t>(c.face)].part;
    for (int v = 0; v < 4; ++v)
      s.nodes[static_cast<std::size_t>(v)] =
          first_node + (std::lower_bound(node_keys_.begin(), node_keys_.end(), q[v]) - node_keys_.begin());
    m.shells.push_back(s);
  }
}

void LatticeMesh::apply_beads(Model& m, std::size_t first) const {
  for (const LatticeBead& bead : beads_) {
    const int n = bead.normal, t[2] = {(n + 1) % 3, (n + 2) % 3};
    const double plane = axes_[n].coordinate(axes_[n].line(bead.plane));
    double lo[2], hi[2];
    for (int s = 0; s < 2; ++s) {
      lo[s] = axes_[t[s]].coordinate(axes_[t[s]].line(bead.lo[s]));
      hi[s] = axes_[t[s]].coordinate(axes_[t[s]].line(bead.hi[s]));
    }
    const int w = bead.along - 1;
    for (std::size_t k = first; k < m.nodes.size(); ++k) {
      std::array<double, 3>& x = m.nodes[k].x;
      if (x[n] != plane) continue;
      if (!(x[t[0]] > lo[0] && x[t[0]] < hi[0] && x[t[1]] > lo[1] && x[t[1]] < hi[1])) continue;
      const double s = x[t[w]] - lo[w];
      const double amplitude = std::copysign(std::min(std::abs(bead.amplitude), 0.02 * h_), bead.amplitude);
      if (s < bead.length) x[n] += amplitude * std::sin(kPi * s / bead.wavelength);
    }
  }
}

}  // namespace mc
