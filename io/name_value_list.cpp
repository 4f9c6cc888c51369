#include "io/name_value_list.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace mc {

std::vector<NameValue> name_value_list(const std::string& text) {
  std::vector<NameValue> items;
  std::size_t at = 0;
  while (at <= text.size()) {
    const std::size_t end = std::min(text.find(',', at), text.size());
    const std::string item = text.substr(at, end - at);
    const std::size_t colon = item.find(':');
    if (colon == std::string::npos) throw std::invalid_argument("'" + item + "' is not name:value");
    NameValue nv{item.substr(0, colon), item.substr(colon + 1)};
    std::size_t used = 0;
    try {
      nv.value = std::stod(nv.text, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    nv.number = used > 0 && used == nv.text.size() && std::isfinite(nv.value);
    items.push_back(nv);
    at = end + 1;
  }
  return items;
}

}  // namespace mc
