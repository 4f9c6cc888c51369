#include "miniapp/driver/compute_costs.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>

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
  std::size_t at = 0;
  while (at <= text.size()) {
    const std::size_t end = std::min(text.find(',', at), text.size());
    const std::string item = text.substr(at, end - at);
    const std::size_t colon = item.find(':');
    if (colon == std::string::npos) throw std::invalid_argument("compute_costs: '" + item + "' is not name:nanoseconds");
    const std::string name = item.substr(0, colon), value = item.substr(colon + 1);
    double* slot = nullptr;
    for (const Entry& e : kNames)
      if (name == e.first) slot = &(c.*e.second);
    if (!slot)
      throw std::invalid_argument("compute_costs: unknown cost '" + name +
                                  "' (shell, triangle, point, plastic, rigid, scalar, element_cycle, contact_pair, contact_node, "
                                  "contact_cycle, node, node_cycle, wall_node, wall_cycle, body_node, body_cycle, message, byte)");
    std::size_t used = 0;
    double ns = 0;
    try {
      ns = std::stod(value, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used == 0 || used != value.size() || !std::isfinite(ns))
      throw std::invalid_argument("compute_costs: cost '" + name + "': '" + value + "' is not a number");
    if (ns < 0) throw std::invalid_argument("compute_costs: cost '" + name + "' is negative");
    *slot = ns;
    at = end + 1;
  }
  if (!c.any()) throw std::invalid_argument("compute_costs: every cost is zero: nothing would be charged");
  return c;
}

}  // namespace mc
