// A 64-bit FNV-1a hash of the bits of the evolving state (positions,
// velocities, stresses, hourglass resultants, energies). Two runs agree
// bitwise exactly when their checksums agree: the determinism tests and the
// restart check compare it; the run report prints it.
#pragma once

#include <cstdint>
#include <string>

#include "miniapp/state.hpp"

namespace mc {

std::uint64_t state_checksum(const State& state);
std::string checksum_hex(std::uint64_t checksum);

}  // namespace mc
