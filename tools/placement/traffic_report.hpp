// Reads the rank-to-rank traffic matrix ("traffic_bytes") of a minicrash
// run report (minicrash_report.json).
#pragma once

#include <string>

#include "tools/placement/rank_placement.hpp"

namespace mc::placement {

// Throws std::runtime_error naming the file when the matrix is missing or
// not square.
Traffic read_traffic(const std::string& report_path);

}  // namespace mc::placement
