// --allow-unsupported runs a deck without the keywords minicrash does not
// support. A part whose section or material was one of them cannot run:
// if no shell uses it (its elements were skipped as well, as a
// *SECTION_SOLID part's *ELEMENT_SOLID are), it is left out with them and
// taken out of the part sets (and its prescribed motions go), and the run's list of what it ignored says
// so; if shells use it, the read stops naming the keyword they needed.
#include <algorithm>

#include "io/deck/input_error.hpp"
#include "io/deck/keyword_handlers.hpp"

namespace mc {

namespace {

// "section SECID 2 is the *SECTION_SOLID at deck.k:40, which minicrash does
// not support", or empty where the part's section and material were read.
std::string skipped_definition_of(const ReaderState& state, const Part& part) {
  const auto why = [](const char* what, GlobalId id, const SkippedDefinition& skipped) {
    return std::string(what) + " " + std::to_string(id) + " is the " + skipped.keyword + " at " + skipped.where.file +
           ":" + std::to_string(skipped.where.line) + ", which minicrash does not support";
  };
  if (state.model.sections.count(part.section) == 0)
    if (const auto found = state.skipped_sections.find(part.section); found != state.skipped_sections.end())
      return why("section SECID", part.section, found->second);
  if (state.model.materials.count(part.material) == 0)
    if (const auto found = state.skipped_materials.find(part.material); found != state.skipped_materials.end())
      return why("material MID", part.material, found->second);
  return {};
}

}  // namespace

void leave_out_parts(ReaderState& state) {
  Model& m = state.model;
  std::vector<GlobalId> used;
  for (const Shell& shell : m.shells) used.push_back(shell.part);
  used = sorted_unique(std::move(used));
  for (auto it = m.parts.begin(); it != m.parts.end();) {
    const auto& [id, part] = *it;
    const std::string why = skipped_definition_of(state, part);
    if (why.empty()) {
      ++it;
      continue;
    }
    const std::string name = "part " + std::to_string(id) + ": ";
    if (std::binary_search(used.begin(), used.end(), id))
      throw InputError(part.where, name + why + ", so the part cannot run");
    state.warn(part.where, "part " + std::to_string(id) + " left out: " + why + ", and no shell uses it");
    state.unsupported.add("PART (left out: section or material not supported, no shells)", part.where);
    state.left_out_parts.insert(id);
    m.part_inertias.erase(id);
    it = m.parts.erase(it);
  }
  if (state.left_out_parts.empty()) return;
  const auto left_out = [&](GlobalId part) { return state.left_out_parts.count(part) != 0; };
  for (auto& [id, parts] : m.part_sets) {
    const auto kept = std::remove_if(parts.begin(), parts.end(), left_out);
    if (kept == parts.end()) continue;
    parts.erase(kept, parts.end());
    state.thinned_part_sets.insert(id);
  }
}

void leave_out_motions_of_left_out_parts(ReaderState& state) {
  if (state.left_out_parts.empty()) return;
  std::vector<PrescribedMotion> kept;
  for (PrescribedMotion& motion : state.model.prescribed_motions) {
    if (motion.rigid_part == 0 || state.left_out_parts.count(motion.rigid_part) == 0) {
      kept.push_back(std::move(motion));
      continue;
    }
    state.warn(motion.where, "*BOUNDARY_PRESCRIBED_MOTION_RIGID of part " + std::to_string(motion.rigid_part) +
                                 " left out with its part");
    state.unsupported.add("BOUNDARY_PRESCRIBED_MOTION_RIGID (left out with its part)", motion.where);
  }
  state.model.prescribed_motions = std::move(kept);
}

}  // namespace mc
