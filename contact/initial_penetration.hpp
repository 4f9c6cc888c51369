// Initial penetrations, found and removed before the run as LS-DYNA does by
// default: a contact node closer to a segment of the other side than the
// contact distance (the two half thicknesses, by the rules the run's contact
// uses) is moved out along the line from the segment's closest point to
// that distance. Done once on the whole model, before the partition, so
// every np starts from the same coordinates.
#pragma once

#include <cstdint>

#include "io/model.hpp"

namespace mc {

struct PenetrationFix {
  std::int64_t moved = 0;        // nodes moved out
  std::int64_t on_surface = 0;   // nodes on a segment's mid-surface: no direction, left as they are
  double largest = 0;            // the largest move
  GlobalId node = 0, contact = 0;  // where it was
  // *CONTACT_TIED_... without OFFSET: slave nodes moved onto the master
  // surface, as LS-DYNA does before it ties them, and the largest move.
  std::int64_t tied_moved = 0;
  double tied_largest = 0;
};

// One pass over each interface's contact nodes in id order (interfaces born
// later than t = 0 are left to their birth); each node moves once, off its
// deepest segment, with the segments where the earlier moves left them.
// Tied interfaces are not checked for penetration; those without OFFSET
// move each slave node that ties (contact_ties.hpp, ties_to) onto the
// closest point of its nearest master segment.
PenetrationFix remove_initial_penetrations(Model& model);

}  // namespace mc
