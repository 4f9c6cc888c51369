#include "miniapp/state/distributed_state.hpp"

#include "decomposition/subdomain/local_mesh.hpp"
#include "miniapp/nodal/nodal_update.hpp"
#include "miniapp/state/state_builder.hpp"

namespace mc {

RankState build_rank_state(const Subdomain& subdomain, Communicator& comm, HaloMode mode) {
  const LocalMesh mesh = whole_model_mesh(subdomain.model);
  RankState rs{build_state(subdomain.model, mesh), Halo()};
  rs.halo = Halo(subdomain.plan, mesh.node_index, rs.state.nodes.terms, term_keys(rs.state), comm.rank(), comm,
                 !subdomain.model.contacts.empty(), mode);
  // A shared node's mass comes from elements on several ranks: the corner
  // array still holds the mass shares build_state lumped.
  sum_shared_masses(rs.state, rs.halo, comm);
  rs.state.nodes.owned = rs.halo.owned();
  return rs;
}

}  // namespace mc
