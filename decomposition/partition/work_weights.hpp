// The element-phase cost of one element-cycle, by what the element is, as
// partition weights. The defaults are fitted to the per-rank phase timers of
// crash windows on this project's reference machine (tools/study.py
// calibrate, docs/studies.md#work-weights); `weights=` takes another fit.
#pragma once

#include <string>

namespace mc {

struct WorkWeights {
  double shell = 1.0;          // a live deformable quadrilateral: geometry, resultants, hourglass, corner forces
  double triangle = 1.0;       // a triangle (one element at a time, no SIMD lanes)
  double point = 0.25;         // each through-thickness point's elastic update
  double plastic_point = 0.0;  // each point that yields: the return mapping on top
  double rigid = 0.1;          // a shell of a rigid part: its share of the rigid-body sums
};

// "shell:1,triangle:2.5,point:0.2,plastic:0.6,rigid:0.05": any subset, the
// rest keep their defaults. Throws std::invalid_argument naming the problem
// (unknown name, not a number, negative, or a live shell that costs nothing).
WorkWeights parse_work_weights(const std::string& text);
std::string work_weights_text(const WorkWeights& w);

}  // namespace mc
