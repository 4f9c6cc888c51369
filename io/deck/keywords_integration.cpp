// *INTEGRATION_SHELL: a user's rule of points through a shell's thickness,
// named by *SECTION_SHELL QR/IRID < 0 (OEM vehicle decks use them).
#include <cmath>
#include <string>

#include "io/deck/card_fields.hpp"
#include "io/deck/input_error.hpp"
#include "io/deck/keyword_handlers.hpp"

namespace mc {

// Card 1 IRID NIP ESOP FAILOPT; with ESOP 0, NIP cards S WF PID: S in
// [-1, 1] across the thickness, WF the point's share of it. ESOP 1: NIP
// layers of equal thickness, a point in the middle of each. PID (a layer of
// another part's material) is an unsupported option; FAILOPT concerns such
// layers only.
void read_integration_shell(KeywordCards& cards, const KeywordOptions&, ReaderState& state) {
  do {
    const Card& card = cards.require("card 1 (IRID NIP ESOP FAILOPT)");
    const CardFields fields(card, cards.keyword(), kStandardLayout);
    IntegrationRule rule;
    rule.where = card.where();
    const GlobalId id = fields.id(1, "IRID");
    const auto points = fields.integer(2, "NIP");
    if (points < 1 || points > 10) fields.fail(2, "NIP", "must be 1..10 (minicrash's most points through the thickness)");
    const auto esop = fields.option(3, "ESOP");
    if (esop != 0 && esop != 1) fields.fail(3, "ESOP", "must be 0 (points given) or 1 (equal layers)");
    for (int i = 0; i < points; ++i) {
      if (esop == 1) {
        rule.zeta.push_back((i + 0.5) / static_cast<double>(points) - 0.5);
        rule.weight.push_back(1.0 / static_cast<double>(points));
        continue;
      }
      const Card& point = cards.require("point card " + std::to_string(i + 1) + " (S WF PID)");
      const CardFields p(point, cards.keyword(), kStandardLayout);
      const double s = p.real(1, "S"), wf = p.real(2, "WF");
      if (s < -1 || s > 1) p.fail(1, "S", "must lie in -1..1 (bottom to top surface)");
      if (!(wf > 0)) p.fail(2, "WF", "weight must be positive");
      if (p.integer(3, "PID") != 0) state.unsupported_option(cards.keyword(), "PID (a layer of another part)", point.where());
      rule.zeta.push_back(0.5 * s);
      rule.weight.push_back(wf);
    }
    double total = 0;
    for (double w : rule.weight) total += w;
    if (std::fabs(total - 1) > 1e-3)
      throw InputError(rule.where, "*INTEGRATION_SHELL " + std::to_string(id) + ": the weights WF sum to " +
                                       std::to_string(total) + ", not 1 (each is its point's share of the thickness)");
    if (const auto [it, added] = state.integration_rules.emplace(id, rule); !added)
      duplicate_id("integration rule", id, rule.where, it->second.where);
  } while (cards.has_more());
}

// Each section naming a rule takes its points (NIP becomes the rule's).
void resolve_integration_rules(ReaderState& state) {
  for (auto& [id, section] : state.model.sections) {
    if (section.rule >= 0) continue;
    const auto rule = state.integration_rules.find(-section.rule);
    if (rule == state.integration_rules.end())
      throw InputError(section.where, "section " + std::to_string(id) + ": integration rule IRID " +
                                          std::to_string(-section.rule) + " (*INTEGRATION_SHELL) is not defined");
    section.rule_zeta = rule->second.zeta;
    section.rule_weight = rule->second.weight;
    section.nip = static_cast<int>(section.rule_zeta.size());
  }
}

}  // namespace mc
