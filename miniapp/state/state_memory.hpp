// Bytes held by the solver state (all Views plus host id tables), for the
// memory-per-element figure of the benchmarks and the run report.
#pragma once

#include <cstddef>

#include "miniapp/state/state.hpp"

namespace mc {

std::size_t state_bytes(const State& state);

}  // namespace mc
