#include "miniapp/state/distributed_state.hpp"

#include <algorithm>
#include <unordered_map>
#include <vector>

#include "decomposition/subdomain/local_mesh.hpp"
#include "miniapp/nodal/nodal_update.hpp"
#include "miniapp/state/state_builder.hpp"

namespace mc {

namespace {

// A node on the seam of a rigid part can be held by a rank that has none of
// the part's elements (only the deformable ones beside it). Every holder must
// move it with the body and its owner must count its mass in the body's, or
// the body and the node differ with the decomposition. Each corner says which
// part body it belongs to (a count, the sum of b = body + 1 and of b^2, in
// components 0-2 of the corner array, free once the masses are complete);
// the halo adds them up at shared nodes, and one body throughout is when
// count x sum(b^2) = sum(b)^2. A node of two rigid parts keeps what its own
// elements say.
void share_rigid_body_nodes(State& s, Halo& halo, Communicator& comm) {
  if (!halo.active() || s.rigid_bodies.empty()) return;
  auto offset = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), s.nodes.terms.offset);
  auto term = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), s.nodes.terms.term);
  auto parts = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), s.parts);
  Real* corners = s.corners.data();
  for (int i = 0; i < offset(s.nodes.count()); ++i) {
    const int t = term(i);
    const ElementBlock& block = *s.blocks[static_cast<std::size_t>(block_of_term(s, t))];
    const int body = parts(block.part(s, block.element_at(t))).rigid_body;
    corners[t] = body >= 0 ? 1 : 0;
    corners[t + 1] = static_cast<Real>(body + 1);
    corners[t + 2] = static_cast<Real>((body + 1) * (body + 1));
  }
  std::vector<Real> sums;
  halo.sum_shared({corners, 3, Vec3View()}, sums, comm);
  const std::vector<int>& shared = halo.shared_nodes();
  for (std::size_t i = 0; i < shared.size(); ++i) {
    const Real count = sums[3 * i], ids = sums[3 * i + 1], squares = sums[3 * i + 2];
    if (!(count > 0) || count * squares != ids * ids) continue;  // none, or two rigid parts
    const int body = static_cast<int>(ids / count) - 1;
    std::vector<int>& nodes = s.rigid_bodies[static_cast<std::size_t>(body)].nodes;
    const auto at = std::lower_bound(nodes.begin(), nodes.end(), shared[i]);
    if (at == nodes.end() || *at != shared[i]) nodes.insert(at, shared[i]);
  }
  attach_walls_to_bodies(s);
}

// A shared node's kinetic energy goes to the part of the lowest-id element
// in the whole model (SubdomainPlan::shared_node_parts), not to the lowest
// of this rank's elements, so matsum's parts do not depend on np.
void book_shared_nodes_to_model_parts(State& s, const Subdomain& subdomain, const LocalMesh& mesh) {
  std::unordered_map<GlobalId, int> part_index;
  for (std::size_t i = 0; i < s.part_info.size(); ++i) part_index.emplace(s.part_info[i].id, static_cast<int>(i));
  for (const auto& [node, part] : subdomain.plan.shared_node_parts)
    s.nodes.part[static_cast<std::size_t>(mesh.node_index.at(node))] = part_index.at(part);
}

// A contact node's sides, stiffness, thickness, area and one-ring come from
// its segments (contact_setup.cpp): at a shared node, from the ones on each
// holder. The holders agree on the model-wide answer (sides or'ed, the
// softest stiffness, the thickest shell, the areas added, the union of the
// rings), so which pairs are checked, and their forces, do not depend on
// which rank holds which of the node's segments (the area, which only a
// failing tie reads, to round-off).
void agree_contact_nodes(State& s, const Halo& halo, Communicator& comm) {
  if (!halo.active()) return;
  for (InterfaceSetup& in : s.contact.interfaces) {
    std::int64_t longest = 0;
    for (std::size_t i = 0; i + 1 < in.node_ring_offset.size(); ++i)
      longest = std::max<std::int64_t>(longest, in.node_ring_offset[i + 1] - in.node_ring_offset[i]);
    const int ring_width = static_cast<int>(comm.allreduce_max(longest));
    const int width = 4 + ring_width;  // sides, stiffness, half thickness, area, then the ring's ids (id 0: none)
    std::vector<int> slot(static_cast<std::size_t>(s.nodes.count()), -1);
    for (std::size_t i = 0; i < in.node_local.size(); ++i) slot[static_cast<std::size_t>(in.node_local[i])] = static_cast<int>(i);
    const auto mine = [&](int n, int k) -> double {
      const int i = slot[static_cast<std::size_t>(n)];
      if (i < 0) return 0.0;  // not a contact node here
      const auto u = static_cast<std::size_t>(i);
      if (k < 4)
        return k == 0 ? double(in.node_bits[u]) : k == 1 ? in.node_stiffness[u]
               : k == 2 ? in.node_half_thickness[u]
                        : in.node_area[u];
      const int r = in.node_ring_offset[u] + k - 4;
      return r < in.node_ring_offset[u + 1] ? static_cast<double>(in.node_ring[static_cast<std::size_t>(r)]) : 0.0;
    };
    std::vector<std::vector<GlobalId>> rings(in.node_local.size());
    std::vector<double> area = in.node_area;  // the rows read the holders' own shares
    for (std::size_t i = 0; i < in.node_local.size(); ++i)
      rings[i].assign(in.node_ring.begin() + in.node_ring_offset[i], in.node_ring.begin() + in.node_ring_offset[i + 1]);
    halo.share_rows(width, mine, [&](int n, const double* theirs) {
      const int i = slot[static_cast<std::size_t>(n)];
      if (i < 0 || theirs[0] == 0) return;  // not a contact node here, or not there (no sides)
      const auto k = static_cast<std::size_t>(i);
      in.node_bits[k] = static_cast<std::uint8_t>(in.node_bits[k] | static_cast<unsigned>(theirs[0]));
      in.node_stiffness[k] = std::min(in.node_stiffness[k], theirs[1]);
      in.node_half_thickness[k] = std::max(in.node_half_thickness[k], theirs[2]);
      area[k] += theirs[3];
      for (int r = 0; r < ring_width && theirs[4 + r] != 0; ++r) rings[k].push_back(static_cast<GlobalId>(theirs[4 + r]));
    }, comm);
    in.node_area = std::move(area);
    set_node_rings(in, std::move(rings));
  }
}

}  // namespace

RankState build_rank_state(const Subdomain& subdomain, Communicator& comm, HaloMode mode) {
  const LocalMesh mesh = whole_model_mesh(subdomain.model);
  RankState rs{build_state(subdomain.model, mesh), Halo()};
  rs.halo = Halo(subdomain.plan, mesh.node_index, rs.state.nodes.terms, term_keys(rs.state), comm.rank(), comm,
                 !subdomain.model.contacts.empty(), mode);
  // A shared node's mass comes from elements on several ranks: the corner
  // array still holds the mass shares build_state lumped.
  sum_shared_masses(rs.state, rs.halo, comm);
  share_rigid_body_nodes(rs.state, rs.halo, comm);
  agree_contact_nodes(rs.state, rs.halo, comm);
  book_shared_nodes_to_model_parts(rs.state, subdomain, mesh);
  rs.state.nodes.owned = rs.halo.owned();
  return rs;
}

}  // namespace mc
