#include "io/rigid_body_merges.hpp"

namespace mc {

std::map<GlobalId, GlobalId> rigid_body_leads(const Model& model) {
  std::map<GlobalId, GlobalId> lead;
  for (const RigidMerge& merge : model.rigid_merges) lead.emplace(merge.constrained, merge.lead);
  std::map<GlobalId, GlobalId> last;
  for (const auto& [constrained, first] : lead) {
    GlobalId at = first;
    // At most one step a merge: a cycle (refused by validation) cannot loop here.
    for (std::size_t steps = 0; steps < lead.size(); ++steps) {
      const auto next = lead.find(at);
      if (next == lead.end()) break;
      at = next->second;
    }
    last.emplace(constrained, at);
  }
  return last;
}

}  // namespace mc
