// Penalty contact in the time loop. Each cycle, from x^n and v^{n-1/2}:
// ghost contact nodes arrive from the ranks that own them, every candidate
// pair of a local segment is checked (node_segment_penalty.hpp), the forces
// are summed per node in a fixed order, and the ghosts' forces go back to
// their owners. The result is this rank's contact share at its nodes
// (nodes.fc); Halo completes it at shared nodes. Bucket sorts (and the ghost
// plan) are redone when nodes have moved half the search margin, or every
// BSORT cycles; the decision is agreed on inside the time-step Allreduce.
#pragma once

#include <cstdint>
#include <vector>

#include "contact/contact_mesh.hpp"
#include "contact/interface_run.hpp"
#include "decomposition/parallel/communicator.hpp"
#include "io/output/output_records.hpp"

namespace mc {

class ContactPhase {
 public:
  ContactPhase() = default;
  // Collective: search margins and thicknesses are agreed model-wide.
  // `setup` must outlive the phase.
  ContactPhase(const ContactSetup& setup, const ContactMesh& mesh, Communicator& comm);
  bool active() const { return !runs_.empty(); }
  // This cycle's x^n and v^{n-1/2} into every live interface, and in the
  // same pass over its nodes this rank's view of a sort: a node moved more
  // than the margin allows, or BSORT is due. Returns whether one is wanted.
  bool load_motion(const ContactMesh& mesh, const ContactClock& clock);
  // Collective, after load_motion of the same cycle. Fills mesh.force and adds each interface's friction and damping
  // work to dissipated_work; `ties`: each interface's ties on this rank (empty
  // but for _TIEBREAK), added to by the contacts made. `sort` must be the
  // same on every rank. Returns the seconds spent in contact messages (the
  // rest is search and forces).
  double compute(const ContactMesh& mesh, const ContactClock& clock, std::vector<double>& dissipated_work,
                 std::vector<std::vector<ContactTie>>& ties, Communicator& comm, bool sort);
  // Collective: model-wide sums of the last compute(), one record an interface.
  std::vector<ContactRecord> outputs(const std::vector<double>& dissipated_work, Communicator& comm) const;
  // The same in two steps, for one SumBatch with the other outputs: this
  // rank's terms, then the records from their model-wide sums.
  std::vector<double> output_terms(const std::vector<double>& dissipated_work) const;
  std::vector<ContactRecord> output_records(const double* sums) const;
  // Candidate pairs this rank has evaluated so far (its contact work).
  std::int64_t pairs_checked() const;
  // Contact nodes this rank owns, summed over interfaces.
  std::int64_t owned_nodes(const ContactMesh& mesh) const;
  // Whether the last compute() sorted an interface (its pair lists changed).
  bool searched() const { return searched_; }
  // Candidate pairs each local shell's segments check per cycle, summed over
  // the interfaces (size `shells`): the contact work a rebalancing restart
  // weights the shell by.
  void count_shell_pairs(std::vector<std::int32_t>& per_shell, int shells) const;

 private:
  std::vector<InterfaceRun> runs_;
  bool searched_ = false;
};

// One interface's run on this rank before its first sort: the node table of
// its contact nodes, the margins agreed model-wide (collective), the
// segments' corner slots. `in` must outlive the run.
InterfaceRun start_interface_run(const InterfaceSetup& in, int index, const ContactMesh& mesh, Communicator& comm);
// Once sorted: the local slots that can carry a force until the next sort
// take this cycle's x^n and v^{n-1/2} from the mesh (compute() gives every
// slot its motion when it sorts); returns how many local slots moved more
// than 0.4 margin since the last sort. node_travel: a bound on how far any
// local node moved over the last step (ContactClock::node_travel).
int load_local_motion(InterfaceRun& run, const ContactMesh& mesh, double node_travel);
// Every local slot takes this cycle's x^n and v^{n-1/2}: what a sort sees.
void load_all_local_motion(InterfaceRun& run, const ContactMesh& mesh);
// contact_sort.cpp: the bucket sort of one interface, over the node table
// as it stands (local nodes and this cycle's ghosts); a tying interface
// keeps its tied pairs (add_tied_pairs).
void search_interface(InterfaceRun& run, const ContactMesh& mesh, std::int64_t cycle,
                      const std::vector<ContactTie>& ties);
// contact_ties.cpp: marks the candidates that are tied (run.pair_tie) and
// adds the tied pairs the search did not find whose node is in the table.
void add_tied_pairs(InterfaceRun& run, const std::vector<ContactTie>& ties);
// After the cycle's forces: every untied pair in contact becomes a tie
// (ties stay sorted by tie_before), and each tie notes where its node is.
// Returns how many were made.
int form_ties(InterfaceRun& run, std::vector<ContactTie>& ties);
// A tied interface's start: each candidate pair whose node lies within the
// tolerance of the segment, inside its normal projection, becomes a tie
// holding the node where it is. Returns how many were made.
int form_starting_ties(InterfaceRun& run, std::vector<ContactTie>& ties);
// _TIEBREAK OPTION 2 and 3, after the cycle's forces: a tie whose force on
// its node, over the node's area, meets (sigma_n / NFLS)^2 + (sigma_s /
// SFLS)^2 >= 1 (sigma_n its tension along the segment's normal, sigma_s
// the rest) fails for good; from the next cycle its pair is ordinary
// contact. Returns how many failed.
int break_ties(InterfaceRun& run, std::vector<ContactTie>& ties);
// contact_ghosts.cpp: per-cycle ghost traffic; the plan is built by sort_interface.
// `ties` (this rank's, of this interface) keep their nodes coming however far
// they are pulled from their segments.
void build_ghost_plan(InterfaceRun& run, const std::vector<ContactTie>& ties, Communicator& comm);
// After the search: which ghosts are in a candidate pair (they have entries),
// told to the ranks that sent them (one message back per sender), as run.active.
void plan_active_ghosts(InterfaceRun& run, Communicator& comm);
// This cycle's x and v of every ghost (a sort) or of the active ones.
void send_ghost_motion(InterfaceRun& run, Communicator& comm, bool every_ghost);
// Adds the forces other ranks computed on this rank's active ghosts to slot_force.
void return_ghost_forces(InterfaceRun& run, Communicator& comm);
// contact_sort.cpp: the slots assemble() sums until the next sort (after
// plan_active_ghosts, whose sent ghosts get forces back).
void list_force_slots(InterfaceRun& run);

}  // namespace mc
