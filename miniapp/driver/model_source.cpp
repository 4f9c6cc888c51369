#include "miniapp/driver/model_source.hpp"

#include <cmath>
#include <cstdlib>
#include <sstream>

#include "inputs/generator/generator.hpp"
#include "io/deck/input_error.hpp"
#include "io/deck/keyword_reader.hpp"

namespace mc {

std::string generated_model_name(const std::string& preset, double scale, int curve_points) {
  std::ostringstream name;
  name << "gen=" << preset;
  if (scale > 0) name << " scale=" << scale;
  if (curve_points > 0) name << " curve_points=" << curve_points;
  return name.str();
}

namespace {

// The number after `key=` in a word of the generated model's name (a
// restart manifest may have been edited): an InputError, on rank 0 where
// the model is read, rather than std::stod's exception, which the other
// ranks would not hear of.
double name_number(const std::string& name, const std::string& word, std::size_t key_length, bool whole) {
  const std::string text = word.substr(key_length);
  char* end = nullptr;
  const double value = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || !std::isfinite(value) || (whole && value != std::floor(value)) ||
      std::fabs(value) > 1e9)
    throw InputError("cannot read the generated model name '" + name + "': '" + word + "' needs a" +
                     (whole ? " whole" : "") + " number");
  return value;
}

}  // namespace

Model load_model(const std::string& name, std::ostream& warnings, const DeckReadOptions& read_options) {
  if (name.rfind("gen=", 0) != 0) return read_deck(name, warnings, read_options);
  GeneratorOptions options;
  std::istringstream words(name);
  std::string word;
  while (words >> word) {
    if (word.rfind("gen=", 0) == 0) options.preset = word.substr(4);
    else if (word.rfind("scale=", 0) == 0) options.scale = name_number(name, word, 6, false);
    else if (word.rfind("curve_points=", 0) == 0)
      options.curve_points = static_cast<int>(name_number(name, word, 13, true));
    else throw InputError("cannot read the generated model name '" + name + "'");
  }
  Model model = generate_model(options);
  validate_model(model);
  return model;
}

}  // namespace mc
