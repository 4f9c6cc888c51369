// A 64-bit FNV-1a hash of the bits of the evolving state (state_fields.hpp:
// positions, velocities, stresses, hourglass resultants, energies, bodies,
// walls, the loop's carry). Two runs agree
// bitwise exactly when their checksums agree: the determinism tests and the
// restart check compare it; the run report prints it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "miniapp/state/state.hpp"

namespace mc {

std::uint64_t state_checksum(const State& state);
std::string checksum_hex(std::uint64_t checksum);
// FNV-1a over the per-rank checksums in rank order.
std::uint64_t combine_checksums(const std::vector<std::uint64_t>& per_rank);

}  // namespace mc
