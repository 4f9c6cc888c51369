// Binary packing of a Model, for the start-up scatter of subdomains (rank 0
// sends each rank its piece). Source lines are not carried: errors are
// found on rank 0 before anything is sent.
#pragma once

#include <vector>

#include "io/model.hpp"

namespace mc {

std::vector<char> pack_model(const Model& model);
Model unpack_model(const std::vector<char>& bytes);

}  // namespace mc
