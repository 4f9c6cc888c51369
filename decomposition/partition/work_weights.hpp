// The element-phase cost of one element-cycle, by what the element is, as
// partition weights. The defaults are fitted to the per-rank phase timers of
// a crash window (Neon-like deck, scale 0.25, peak crush, 256 simulated
// ranks; tools/study.py calibrate, docs/studies.md#work-weights): a live
// NIP-3 quadrilateral costs 190 ns, a rigid shell 37 ns, a plastic point
// update 78 ns. That deck has one NIP, so the split between `shell` and
// `point` keeps the earlier 1 + NIP/4 form. A rigid shell also counts its
// node and its share of the rigid-body sums, which are not in the element
// phase (Neon-like scale 1: 42.6 + 62.3 + 52 ns against a NIP-3
// quadrilateral's 159.4 + 62.3 ns: 1.24 units). `weights=` takes another fit.
#pragma once

#include <string>

namespace mc {

struct WorkWeights {
  double shell = 1.0;          // a live deformable quadrilateral: geometry, resultants, hourglass, corner forces
  double triangle = 4.0;       // a triangle: one element at a time (a shell outside a SIMD pack costs 2.8x)
  double point = 0.25;         // each through-thickness point's elastic update
  double plastic_point = 0.72; // each point that yields: the return mapping on top (rebalance=1)
  double rigid = 1.24;         // a shell of a rigid part: its forces zeroed, its node, its share of the rigid-body sums
  double contact_pair = 1.4;   // each candidate contact pair its segments check per cycle (rebalance=1):
                               // 142 ns a pair against 103 ns a shell (tools/study.py calibrate)
};

// "shell:1,triangle:2.5,point:0.2,plastic:0.6,rigid:0.05,pair:1.4": any subset, the
// rest keep their defaults. Throws std::invalid_argument naming the problem
// (unknown name, not a number, negative, or a live shell that costs nothing).
WorkWeights parse_work_weights(const std::string& text);
std::string work_weights_text(const WorkWeights& w);

}  // namespace mc
