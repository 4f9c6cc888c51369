// *CONSTRAINED_RIGID_BODIES as the solver takes them: each constrained
// rigid part and the part whose body it moves with, following chains
// (C on B, B on A: C and B move with A's body).
#pragma once

#include <map>

#include "io/model.hpp"

namespace mc {

// Constrained part -> the lead at the end of its chain (the checks of
// validate_model refuse cycles and a part constrained twice).
std::map<GlobalId, GlobalId> rigid_body_leads(const Model& model);

// The part whose body `part` moves with: its lead, or itself.
inline GlobalId rigid_body_part(const std::map<GlobalId, GlobalId>& leads, GlobalId part) {
  const auto found = leads.find(part);
  return found == leads.end() ? part : found->second;
}

}  // namespace mc
