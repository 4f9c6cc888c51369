// The global model's contact interfaces (part of model.hpp): what the
// *CONTACT_ keywords say, after set resolution.
#pragma once

#include <string>
#include <vector>

#include "io/model_ids.hpp"

namespace mc {

// *CONTACT_AUTOMATIC_SINGLE_SURFACE / _SURFACE_TO_SURFACE / _NODES_TO_SURFACE:
// node-to-segment penalty contact between shell surfaces (both sides,
// thickness offsets). Surfaces are given as parts (SSTYP/MSTYP 3), part sets
// (2), everything (5, or SSID 0 for single surface), or shells: a segment
// set (0) or a shell set (1). Surface to surface
// checks both ways; nodes to surface only slave nodes against master segments.
struct ContactInterface {
  enum class Kind { SingleSurface, SurfaceToSurface, NodesToSurface };
  GlobalId id = 0;                 // _ID card CID, else its position (1-based)
  std::string title;
  Kind kind = Kind::SingleSurface;
  // Parts of each side after set resolution; all_parts: every shell part.
  std::vector<GlobalId> slave_parts, master_parts;
  bool slave_all = false, master_all = false;
  // Nodes to surface with a slave node set (SSTYP 4): only these nodes are
  // slaves (sorted); slave_parts then holds the parts of their shells,
  // which give them their contact thickness and stiffness.
  std::vector<GlobalId> slave_nodes;
  // A side given as shells (a segment set, SSTYP 0, or a shell set, 1): only
  // these shells (sorted ids) are its segments; its *_parts then hold their
  // parts, for the contact's stiffness checks and the partition's weights.
  std::vector<GlobalId> slave_shells, master_shells;
  double static_friction = 0, dynamic_friction = 0;  // FS, FD
  double decay = 0;                // DC: mu = FD + (FS - FD) exp(-DC |v_rel|)
  double viscous_friction = 0;     // VC: friction force at most VC times the contacted segment's area (0: no cap)
  double damping = 0;              // VDC: normal damping, percent of the pair's critical damping
  double birth = 0, death = 1e20;  // BT, DT
  double slave_scale = 1, master_scale = 1;  // SFS, SFM: penalty scale factors
  double slave_thickness = 0, master_thickness = 0;  // SST, MST: > 0 overrides the shell thickness
  double slave_thickness_scale = 1, master_thickness_scale = 1;  // SFST, SFMT: scale it where SST, MST are 0
  int bucket_sort_interval = 0;    // BSORT (optional card A), 0: automatic
  // SOFT 1 (optional card A): the penalty stiffness is at least
  // SOFSCL m* / (2 dt_c^2) (contact/contact_phase.cpp); 0: off.
  double soft_scale = 0;
  double soft_step = 0;  // DTSTIF (optional card C) > 0: dt_c itself
  // _TIEBREAK OPTION 1 and 3: a node and segment that come into contact
  // stay stuck together (OPTION 3: until the tie fails).
  bool tie_on_contact = false;
  // *CONTACT_TIED_... and _TIEBREAK OPTION 2: each node within tie_tolerance
  // of a segment of the other side, inside its normal projection, is tied
  // where it is when the interface starts (its first cycle). tied_only
  // (*CONTACT_TIED_...): untied nodes take no contact force. tie_tolerance
  // 0: the contact distance (half of both thicknesses).
  bool tie_at_start = false, tied_only = false;
  // *CONTACT_TIED_... without OFFSET: each slave node that ties is first
  // moved onto the master segment (start-up, initial_penetration.hpp).
  bool tie_moves_nodes = false;
  double tie_tolerance = 0;
  // _TIEBREAK: OPTION (1, 2 or 3), and NFLS, SFLS: a tie fails once
  // (sigma_n / NFLS)^2 + (sigma_s / SFLS)^2 >= 1 (0: never by that stress);
  // a failed pair is then an ordinary contact pair.
  int tie_option = 0;
  double tie_normal_failure = 0, tie_shear_failure = 0;
  SourceLine where;
};

}  // namespace mc
