#include "miniapp/driver/compute_costs.hpp"

#include <stdexcept>
#include <utility>
#include <vector>

#include "io/name_value_list.hpp"

namespace mc {
namespace {

using Entry = std::pair<const char*, double ComputeCosts::*>;
constexpr Entry kNames[] = {
    {"shell", &ComputeCosts::shell},       {"triangle", &ComputeCosts::triangle},
    {"point", &ComputeCosts::point},       {"plastic", &ComputeCosts::plastic},
    {"rigid", &ComputeCosts::rigid},       {"scalar", &ComputeCosts::scalar},
    {"element_cycle", &ComputeCosts::element_cycle}, {"contact_pair", &ComputeCosts::contact_pair},
    {"contact_node", &ComputeCosts::contact_node},   {"contact_cycle", &ComputeCosts::contact_cycle},
    {"node", &ComputeCosts::node},                   {"node_cycle", &ComputeCosts::node_cycle},
    {"wall_node", &ComputeCosts::wall_node},         {"wall_cycle", &ComputeCosts::wall_cycle},
    {"body_node", &ComputeCosts::body_node},         {"body_cycle", &ComputeCosts::body_cycle},
    {"message", &ComputeCosts::message},             {"byte", &ComputeCosts::byte}};

}  // namespace

bool ComputeCosts::any() const {
  for (const Entry& e : kNames)
    if (this->*e.second > 0) return true;
  return false;
}

ComputeCosts parse_compute_costs(const std::string& text) {
  ComputeCosts c;
  std::vector<NameValue> items;
  try {
    items = name_value_list(text);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument("compute_costs: " + std::string(e.what()));
  }
  for (const NameValue& item : items) {
    double* slot = nullptr;
    for (const Entry& e : kNames)
      if (item.name == e.first) slot = &(c.*e.second);
    if (!slot)
      throw std::invalid_argument("compute_costs: unknown cost '" + item.name +
                                  "' (shell, triangle, point, plastic, rigid, scalar, element_cycle, contact_pair, "
                                  "contact_node, contact_cycle, node, node_cycle, wall_node, wall_cycle, body_node, "
                                  "body_cycle, message, byte)");
    if (!item.number) throw std::invalid_argument("compute_costs: cost '" + item.name + "': '" + item.text + "' is not a number");
    if (item.value < 0) throw std::invalid_argument("compute_costs: cost '" + item.name + "' is negative");
    *slot = item.value;
  }
  if (!c.any()) throw std::invalid_argument("compute_costs: every cost is zero: nothing would be charged");
  return c;
}

}  // namespace mc
