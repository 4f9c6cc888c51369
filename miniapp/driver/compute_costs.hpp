// The cost model of modeled compute (miniapp/driver/modeled_compute.hpp): what
// one unit of each kind of work costs, as tools/study.py calibrate fits it
// and compute_costs= gives it.
#pragma once

#include <string>

namespace mc {

// Nanoseconds per unit of work, on the machine the costs were fitted on.
struct ComputeCosts {
  // Element phase, per element-cycle by kind; `plastic` per point that
  // yielded; `element_cycle` per cycle (kernel launches, fences).
  double shell = 0, triangle = 0, point = 0, plastic = 0, rigid = 0, scalar = 0, element_cycle = 0;
  double contact_pair = 0;   // contact phase: per node-segment pair checked,
  double contact_node = 0;   // per owned contact node and cycle,
  double contact_cycle = 0;  // and per cycle
  double node = 0;           // node phase: per local node and cycle,
  double node_cycle = 0;     // and per cycle
  double wall_node = 0, wall_cycle = 0;  // rigid walls: per wall node and cycle, per cycle
  double body_node = 0, body_cycle = 0;  // rigid bodies: per body node and cycle, per cycle
  double message = 0, byte = 0;          // per point-to-point message sent or received, per byte
  bool any() const;
};

// "shell:190,point:12,plastic:78,contact_pair:9,node:40": names as above,
// any subset (the rest cost nothing). Throws std::invalid_argument naming the
// problem (unknown name, not a number, negative, or no cost at all).
ComputeCosts parse_compute_costs(const std::string& text);

}  // namespace mc
