#include "decomposition/partition/work_weights.hpp"

#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace mc {

WorkWeights parse_work_weights(const std::string& text) {
  WorkWeights w;
  std::size_t at = 0;
  while (at <= text.size()) {
    const std::size_t end = std::min(text.find(',', at), text.size());
    const std::string item = text.substr(at, end - at);
    const std::size_t colon = item.find(':');
    if (colon == std::string::npos)
      throw std::invalid_argument("weights: '" + item + "' is not name:value (shell, triangle, point, plastic, rigid)");
    const std::string name = item.substr(0, colon), value = item.substr(colon + 1);
    double* slot = name == "shell"      ? &w.shell
                   : name == "triangle" ? &w.triangle
                   : name == "point"    ? &w.point
                   : name == "plastic"  ? &w.plastic_point
                   : name == "rigid"    ? &w.rigid
                                        : nullptr;
    if (!slot) throw std::invalid_argument("weights: unknown name '" + name + "' (shell, triangle, point, plastic, rigid)");
    std::size_t used = 0;
    double v = 0;
    try {
      v = std::stod(value, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used == 0 || used != value.size() || !std::isfinite(v) || v < 0)
      throw std::invalid_argument("weights: " + name + " must be a number >= 0, got '" + value + "'");
    *slot = v;
    at = end + 1;
  }
  if (!(w.shell > 0) || !(w.triangle > 0))
    throw std::invalid_argument("weights: shell and triangle must be above 0 (a live shell always costs something)");
  return w;
}

std::string work_weights_text(const WorkWeights& w) {
  char text[160];
  std::snprintf(text, sizeof text, "shell:%.4g,triangle:%.4g,point:%.4g,plastic:%.4g,rigid:%.4g", w.shell,
                w.triangle, w.point, w.plastic_point, w.rigid);
  return text;
}

}  // namespace mc
