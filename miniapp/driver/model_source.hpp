// The model a run starts from: a keyword deck, or a generator preset built in
// memory (gen=neon scale=0.02). The second goes by the name
// "gen=PRESET scale=S curve_points=P" (the last two when given) in the
// banner, the report and restart manifests, so r=DIR alone finds it again.
#pragma once

#include <ostream>
#include <string>

#include "io/deck/keyword_reader.hpp"
#include "io/model.hpp"

namespace mc {

std::string generated_model_name(const std::string& preset, double scale, int curve_points = 0);
// Reads the deck, or generates and validates the model `name` stands for.
Model load_model(const std::string& name, std::ostream& warnings, const DeckReadOptions& options = {});

}  // namespace mc
