#include "miniapp/state/distributed_state.hpp"

#include "decomposition/subdomain/local_mesh.hpp"
#include "miniapp/state/state_builder.hpp"

namespace mc {

RankState build_rank_state(const Subdomain& subdomain, Communicator& comm) {
  const LocalMesh mesh = whole_model_mesh(subdomain.model);
  RankState rs{build_state(subdomain.model, mesh),
                Halo(subdomain.plan, mesh, comm.rank(), comm, !subdomain.model.contacts.empty())};
  // A shared node's mass comes from elements on several ranks.
  ElementData& el = rs.state.elements;
  rs.halo.sum_shared_masses(el.mass_share, el.inertia_share, rs.state.nodes.mass, rs.state.nodes.inertia, comm);
  el.mass_share = {};
  el.inertia_share = {};
  rs.state.nodes.owned = rs.halo.owned();
  return rs;
}

}  // namespace mc
