// What a rank's element phase does in one cycle, by kind of work: the terms
// of the cost model that tools/study.py calibrate fits and that modeled
// compute charges (miniapp/driver/modeled_compute.hpp).
#pragma once

#include "miniapp/state/state.hpp"

namespace mc {

struct ElementWork {
  double quads = 0, triangles = 0;  // live deformable shells
  double rigid = 0, eroded = 0;     // shells of rigid parts; eroded shells
  double scalar = 0;                // live deformable shells outside a uniform SIMD pack
  double points = 0;                // through-thickness points of the live deformable shells
  double yielding = 0;              // points that yielded in the last cycle
  double plastic_updates = 0;       // plastic point updates of the run so far
};

ElementWork element_work(const State& state);

}  // namespace mc
