#include "miniapp/driver/model_source.hpp"

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

Model load_model(const std::string& name, std::ostream& warnings, const DeckReadOptions& read_options) {
  if (name.rfind("gen=", 0) != 0) return read_deck(name, warnings, read_options);
  GeneratorOptions options;
  std::istringstream words(name);
  std::string word;
  while (words >> word) {
    if (word.rfind("gen=", 0) == 0) options.preset = word.substr(4);
    else if (word.rfind("scale=", 0) == 0) options.scale = std::stod(word.substr(6));
    else if (word.rfind("curve_points=", 0) == 0) options.curve_points = std::stoi(word.substr(13));
    else throw InputError("cannot read the generated model name '" + name + "'");
  }
  Model model = generate_model(options);
  validate_model(model);
  return model;
}

}  // namespace mc
