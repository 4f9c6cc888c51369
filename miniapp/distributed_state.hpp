// This rank's solver state from its subdomain: the local State, the Halo to
// its neighbours, and nodal masses completed over the ranks sharing a node.
#pragma once

#include "decomposition/communicator.hpp"
#include "decomposition/halo.hpp"
#include "decomposition/subdomain.hpp"
#include "miniapp/state.hpp"

namespace mc {

struct RankState {
  State state;
  Halo halo;
};

RankState build_rank_state(const Subdomain& subdomain, Communicator& comm);

}  // namespace mc
