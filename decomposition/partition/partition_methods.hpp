// The partitioners behind partition_elements(), for its dispatch only: each
// takes an input already checked by check_partition_input() and parts >= 2.
#pragma once

#include <vector>

#include "decomposition/partition/partition.hpp"

namespace mc::detail {

// Throws std::invalid_argument naming the first inconsistency.
void check_partition_input(const PartitionInput& input, int parts);

// capacity: one value per part, the share of the work each takes (empty: equal shares).
std::vector<int> rcb_partition(const PartitionInput& input, int parts, const std::vector<double>& capacity = {});
std::vector<int> rcb_contact_apart_partition(const PartitionInput& input, int parts);
std::vector<int> metis_partition(const PartitionInput& input, int parts, bool multi_constraint);

}  // namespace mc::detail
