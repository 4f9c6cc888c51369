// The running state of one contact interface on this rank between two
// bucket sorts: the node table (this rank's contact nodes, then ghost nodes
// other ranks sent), the candidate pairs, and the ghost plan. Rebuilt at
// every sort; nothing here has to survive a restart, since forces depend only
// on the pairs in contact, not on the candidate list that found them (the
// ties of a _TIEBREAK interface, which do, live in State::Carry).
#pragma once

#include <cstdint>
#include <vector>

#include "contact/contact_setup.hpp"
#include "contact/contact_ties.hpp"
#include "contact/node_segment_penalty.hpp"
#include "decomposition/halo/exchange_plan.hpp"
#include "io/model.hpp"

namespace mc {

struct InterfaceRun {
  const InterfaceSetup* setup = nullptr;
  int index = 0;                       // position in the setup (message tags)
  double margin = 0;                   // how far nodes may move between sorts
  double max_node_half = 0;            // largest node half thickness, model-wide
  // Node table: slots [0, local) are setup->node_local, then ghosts.
  int local = 0;
  std::vector<double> x, v;            // 3 per slot
  std::vector<GlobalId> gid;
  std::vector<std::uint8_t> bits;      // 0: a ghost copy of a node this rank holds (ignored)
  std::vector<double> half, stiffness, mass;
  std::vector<double> area;            // only where ties can fail (InterfaceSetup::ties_fail)
  std::vector<double> x_at_sort;       // local slots' positions at the last sort
  std::vector<int> segment_slot;       // 4 per segment: corners' table slots
  std::vector<GlobalId> segment_gid;
  // Candidates of the last sort and their forces this cycle.
  std::vector<int> pair_node, pair_segment;
  std::vector<PairForce> pair;
  std::vector<int> pair_tie;           // _TIEBREAK: each pair's tie (index in the rank's ties), -1 none
  std::vector<double> tie_corner;      // _TIEBREAK: 12 a pair, its tie's TieForce::corner_extra
  // Contributions to each slot, in (node id, segment id) order: entry =
  // pair * 5 + role, role 0 for the node, 1 + c for segment corner c.
  std::vector<int> entry_offset, entry;
  std::vector<double> slot_force;      // 3 per slot, this cycle
  // The slots whose force can be non-zero until the next sort, ascending:
  // those with entries, and the local ones other ranks return forces to.
  // The rest stay at the sort's zero, so each cycle sums only these (a
  // crash checks pairs at a few per cent of its contact nodes).
  std::vector<int> force_slots;
  std::size_t local_force_slots = 0;   // how many of them are local (< local)
  // Ghosts: this rank's contact nodes (slots < local) that other ranks'
  // segments may touch go out; ghosts from recv rank q land in slots
  // [ghost_offset[q], ghost_offset[q + 1]).
  ExchangePlan<double> ghosts;
  std::vector<int> ghost_offset;
  // Between sorts only the ghosts in a candidate pair can get a force, so
  // only they move and come back: `active` is the part of `ghosts` that
  // carries them (a rank with none is not sent to), active_slots[q] the
  // slots of its recv rank q, ascending (plan_active_ghosts).
  ExchangePlan<double> active;
  std::vector<std::vector<int>> active_slots;
  std::int64_t last_sort_cycle = -1;
  double travel_since_sort = 0;        // a bound on any local node's distance from x_at_sort
  bool sorted = false;
  // This cycle's sums over the pairs this rank computed.
  double penalty_energy = 0;
  double slave_force[3] = {0, 0, 0}, master_force[3] = {0, 0, 0};
  std::int64_t active_pairs = 0;
  std::int64_t pairs_checked = 0;      // candidate pairs evaluated, whole run (contact work)
};

}  // namespace mc
