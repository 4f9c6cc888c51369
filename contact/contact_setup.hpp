// What each contact interface is on this rank, fixed for the whole run: its
// segments (the local shells of its parts), its contact nodes (their nodes),
// and the penalty stiffness and contact thickness of each. Built with the
// State; the search and the ghost exchange (contact_phase.hpp) work on it.
#pragma once

#include <cstdint>
#include <vector>

#include "contact/contact_mesh.hpp"
#include "io/model.hpp"

namespace mc {

// Side bits: a node of side A may touch a segment of side B when
// (node & 1 and segment & 2) or (node & 2 and segment & 1). Single surface
// sets both bits on everything; surface to surface: slave 1, master 2.
inline constexpr std::uint8_t kSlaveSide = 1, kMasterSide = 2;
inline bool sides_meet(std::uint8_t node_bits, std::uint8_t segment_bits) {
  return ((node_bits & kSlaveSide) && (segment_bits & kMasterSide)) ||
         ((node_bits & kMasterSide) && (segment_bits & kSlaveSide));
}

struct InterfaceSetup {
  GlobalId id = 0;
  bool single_surface = true;
  double static_friction = 0, dynamic_friction = 0, decay = 0;
  double viscous_friction = 0;  // VC (0: no cap)
  double damping = 0;           // VDC, percent of critical
  double birth = 0, death = 1e20;
  int bucket_sort_interval = 0;  // BSORT; 0: on displacement only
  double soft_scale = 0;         // SOFT 1's SOFSCL; 0: SOFT 0
  double soft_step = 0;          // DTSTIF > 0: SOFT 1's dt_c
  bool tie_on_contact = false;   // _TIEBREAK OPTION 1, 3 (contact_ties.hpp)
  bool tie_at_start = false;     // *CONTACT_TIED_..., _TIEBREAK OPTION 2: ties made in the first cycle only
  bool tied_only = false;        // *CONTACT_TIED_...: untied pairs take no force
  double tie_tolerance = 0;      // their distance tolerance (0: the contact distance)
  double tie_normal_failure = 0, tie_shear_failure = 0;  // NFLS, SFLS (0: never)
  bool ties_fail() const { return tie_normal_failure > 0 || tie_shear_failure > 0; }
  bool ties() const { return tie_on_contact || tie_at_start; }
  // Segments: local shells of the interface's parts, in local element order.
  std::vector<int> segment_element;
  std::vector<std::uint8_t> segment_bits;
  std::vector<double> segment_stiffness;  // penalty stiffness k (force / length)
  std::vector<double> segment_half_thickness;
  // Contact nodes: every local node of a segment, ascending local index.
  std::vector<int> node_local;
  std::vector<std::uint8_t> node_bits;
  std::vector<double> node_stiffness;      // smallest k of its segments
  std::vector<double> node_half_thickness; // largest of its segments (or SST/2)
  std::vector<double> node_area;           // its share of its segments' areas (ties that fail: stress = force / area)
  // Each contact node's one-ring: the ids of the nodes of the interface's
  // segments at it, ascending (node_ring[node_ring_offset[i] ..
  // node_ring_offset[i + 1]) for node_local[i]). Built from the local
  // segments, then completed model-wide at shared nodes (build_rank_state),
  // so the search skips the same near pairs on any partition.
  std::vector<int> node_ring_offset;
  std::vector<GlobalId> node_ring;
  double max_segment_size = 0;             // longest segment diagonal on this rank
  double total_segment_size = 0;           // sum of the segments' longest diagonals
};

struct ContactSetup {
  std::vector<InterfaceSetup> interfaces;
  double penalty_scale = 0.1;  // SLSFAC
  bool active() const { return !interfaces.empty(); }
};

// k = SLSFAC * SF * K * A / d_max, K = E / (3 (1 - 2 nu)): the shell-segment
// penalty stiffness of the LS-DYNA Theory Manual (Hallquist, "Contact-impact
// algorithm", penalty method), A the segment area, d_max its longest diagonal.
double segment_penalty_stiffness(double scale, double youngs, double poisson, double area, double max_diagonal);

ContactSetup build_contact_setup(const Model& model, const ContactMesh& mesh);
// Stores one ring a contact node (any order, repeats allowed) as the sorted table.
void set_node_rings(InterfaceSetup& in, std::vector<std::vector<GlobalId>> rings);

}  // namespace mc
