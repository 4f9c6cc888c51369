// "name:number,name:number" lists of the command line (weights=,
// compute_costs=): split and converted once, checked by the caller.
#pragma once

#include <string>
#include <vector>

namespace mc {

struct NameValue {
  std::string name, text;  // text: the value as given
  double value = 0;
  bool number = false;     // text is a whole finite number
};

// Throws std::invalid_argument("'ITEM' is not name:value") for an item
// without a colon (the empty text is one such item).
std::vector<NameValue> name_value_list(const std::string& text);

}  // namespace mc
