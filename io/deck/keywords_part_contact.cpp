// *PART_CONTACT: a *PART and a card of the part's own contact values, FS FD
// DC VC OPTT SFT SSF CPARM8 (vehicle decks written by LS-PrePost carry one
// for every part, often at values that change nothing).
#include <cmath>

#include "io/deck/card_fields.hpp"
#include "io/deck/keyword_handlers.hpp"

namespace mc {

namespace {

// The thickness a shell starts with: its own, or its part's section's.
double starting_thickness(const Model& m, const Shell& shell) {
  if (shell.thickness > 0) return shell.thickness;
  const auto part = m.parts.find(shell.part);
  if (part == m.parts.end()) return 0;
  const auto section = m.sections.find(part->second.section);
  return section == m.sections.end() ? 0 : section->second.thickness;
}

bool every_shell_has_thickness(const Model& m, GlobalId part, double thickness) {
  for (const Shell& shell : m.shells)
    if (shell.part == part && std::fabs(starting_thickness(m, shell) - thickness) > 1e-12 * thickness) return false;
  return true;
}

}  // namespace

// FS..VC act only in contacts whose FS is negative (listed as unsupported
// there), so here they are warned about. OPTT, SFT and SSF act in every
// contact of the part: checked once the shells are read. CPARM8 is MPP
// beam-to-beam contact, no business of shells.
void read_part_contact(KeywordCards& cards, const KeywordOptions&, ReaderState& state) {
  do {
    const GlobalId part = read_part_cards(cards, state);
    const Card& card = cards.require("card 3 (FS FD DC VC OPTT SFT SSF CPARM8)");
    const CardFields fields(card, cards.keyword(), kStandardLayout);
    static const char* const kFriction[] = {"FS", "FD", "DC", "VC"};
    for (int i = 0; i < 4; ++i)
      if (fields.real(i + 1, kFriction[i]) != 0.0) {
        state.warn(card.where(), "part " + std::to_string(part) +
                                     ": FS FD DC VC of *PART_CONTACT ignored (they act only in contacts with FS < 0, "
                                     "which minicrash does not support)");
        break;
      }
    PartContactRequest request{part, fields.real(5, "OPTT"), fields.real(6, "SFT"), fields.real(7, "SSF"), card.where()};
    if (request.thickness < 0) fields.fail(5, "OPTT", "thickness must not be negative");
    state.part_contacts.push_back(request);
  } while (cards.has_more());
}

// Values that change nothing pass: OPTT equal to the starting thickness of
// every shell of the part (contact takes that thickness anyway), SFT and SSF
// 0 or 1. Others are listed as unsupported options.
void check_part_contact_values(ReaderState& state) {
  for (const PartContactRequest& r : state.part_contacts) {
    if (r.thickness > 0 && !every_shell_has_thickness(state.model, r.part, r.thickness))
      state.unsupported_option("*PART_CONTACT", "OPTT (a contact thickness other than the shells')", r.where);
    if (r.thickness_scale != 0 && r.thickness_scale != 1)
      state.unsupported_option("*PART_CONTACT", "SFT (contact thickness scale)", r.where);
    if (r.penalty_scale != 0 && r.penalty_scale != 1)
      state.unsupported_option("*PART_CONTACT", "SSF (penalty scale)", r.where);
  }
}

}  // namespace mc
