#include "decomposition/partition/work_weights.hpp"

#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <vector>

#include "io/name_value_list.hpp"

namespace mc {

WorkWeights parse_work_weights(const std::string& text) {
  static const std::string kNames = " (shell, triangle, point, plastic, rigid, pair)";
  WorkWeights w;
  std::vector<NameValue> items;
  try {
    items = name_value_list(text);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument("weights: " + std::string(e.what()) + kNames);
  }
  for (const NameValue& item : items) {
    const std::string& name = item.name;
    double* slot = name == "shell"      ? &w.shell
                   : name == "triangle" ? &w.triangle
                   : name == "point"    ? &w.point
                   : name == "plastic"  ? &w.plastic_point
                   : name == "rigid"    ? &w.rigid
                   : name == "pair"     ? &w.contact_pair
                                        : nullptr;
    if (!slot) throw std::invalid_argument("weights: unknown name '" + name + "'" + kNames);
    if (!item.number || item.value < 0)
      throw std::invalid_argument("weights: " + name + " must be a number >= 0, got '" + item.text + "'");
    *slot = item.value;
  }
  if (!(w.shell > 0) || !(w.triangle > 0))
    throw std::invalid_argument("weights: shell and triangle must be above 0 (a live shell always costs something)");
  return w;
}

std::string work_weights_text(const WorkWeights& w) {
  char text[192];
  std::snprintf(text, sizeof text, "shell:%.4g,triangle:%.4g,point:%.4g,plastic:%.4g,rigid:%.4g,pair:%.4g", w.shell,
                w.triangle, w.point, w.plastic_point, w.rigid, w.contact_pair);
  return text;
}

}  // namespace mc
