// This rank's solver state from its subdomain: the local State, the Halo to
// its neighbours, and nodal masses completed over the ranks sharing a node.
#pragma once

#include "decomposition/parallel/communicator.hpp"
#include "decomposition/halo/halo.hpp"
#include "decomposition/subdomain/subdomain.hpp"
#include "miniapp/state/state.hpp"

namespace mc {

struct RankState {
  State state;
  Halo halo;
};

RankState build_rank_state(const Subdomain& subdomain, Communicator& comm, HaloMode mode = HaloMode::Corners);

}  // namespace mc
