// *CONTACT's optional cards A to G (after card 3 and a _TIEBREAK's own
// card): what minicrash's penalty contact does with each field. Card A's
// SOFT 1, SOFSCL and BSORT and card C's DTSTIF act. A field that changes
// LS-DYNA's answer through something minicrash does not have is an
// unsupported option when set (LS-DYNA's default, or 0, passes). The
// others pass: they tune LS-DYNA's search or output, or act only in SOFT 2
// (itself listed), on solids, beams, 2D or implicit runs, or they are what
// minicrash does anyway (SNLOG 1: no shooting-node logic; TCSO 1: a node's
// contact thickness from the interface's segments; SHLEDG: round edges).
#include <string>
#include <vector>

#include "io/deck/card_checks.hpp"

namespace mc {
namespace {

// Cards B to G, in order (card A is read apart: it holds what acts).
const std::vector<std::vector<ActingField>>& optional_cards_b_to_g() {
  static const std::vector<std::vector<ActingField>> cards = {
      {{1, "PENMAX", 0, "largest penetration before release"},
       {5, "ISYM", 0, "segments on symmetry planes left out"}},
      {{2, "IGNORE", 0, "initial penetrations kept"}},
      {{4, "FNLSCL", 0, "nonlinear force scaling"},
       {5, "DNLSCL", 0, "nonlinear force scaling"},
       {7, "TIEDID", 0, "incremental displacements of tied nodes"}},
      {{3, "IPBACK", 0, "backup penalty of constrained ties"},
       {4, "SRNDE", 0, "free edges rounded, not extended"},
       {6, "ICOR", 0, "VDC as a coefficient of restitution"},
       {8, "REGION", 0, "contact only inside a *DEFINE_REGION"}},
      {{2, "IGNROFF", 0, "shell thickness offsets ignored"}},
      {},
  };
  return cards;
}

const char* const kCardNames[] = {
    "optional card B (PENMAX THKOPT SHLTHK SNLOG ISYM I2D3D SLDTHK SLDSTF)",
    "optional card C (IGAP IGNORE DPRFAC DTSTIF EDGEK - FLANGL CID_RCF)",
    "optional card D (Q2TRI DTPCHK SFNBR FNLSCL DNLSCL TCSO TIEDID SHLEDG)",
    "optional card E (SHAREC CPARM8 IPBACK SRNDE FRICSF ICOR FTORQ REGION)",
    "optional card F (PSTIFF IGNROFF - FSTOL 2DBINR SSFTYP SWTPR TETFAC)",
    "optional card G (- SHLOFF)",
};

// SOFT and SOFSCL. SOFT 1 keeps the node-segment penalty and only raises
// its stiffness to SOFSCL m* / (2 dt_c^2) where that is larger (LS-DYNA
// Theory Manual, "Soft constraint penalty formulation"); 2 (segment-based
// contact) and 4, 6 (forming) are other algorithms.
void read_soft_constraint(const CardFields& fields, const Card& card, const std::string& keyword, bool single_surface,
                          ReaderState& state, ContactInterface& contact) {
  const int soft = fields.option(1, "SOFT");
  if (soft == 2 || soft == 4 || soft == 6) {
    state.unsupported_option(
        keyword, soft == 2 ? "SOFT 2 (segment-based contact)" : "SOFT " + std::to_string(soft) + " (forming contact)",
        card.where());
    return;
  }
  if (soft != 0 && soft != 1) fields.fail(1, "SOFT", "must be 0, 1, 2, 4 or 6");
  if (soft == 0) return;
  double scale = fields.real(2, "SOFSCL");
  if (scale == 0) scale = 0.1;  // LS-DYNA's default
  // The manual: above 0.5 for single surface, 1.0 for a one-way contact, inadmissible.
  const double most = single_surface ? 0.5 : 1.0;
  if (scale < 0 || scale > most)
    fields.fail(2, "SOFSCL", single_surface ? "must lie in 0..0.5 for single surface contact" : "must lie in 0..1");
  contact.soft_scale = scale;
}

void read_card_a(KeywordCards& cards, bool single_surface, ReaderState& state, ContactInterface& contact) {
  const Card& card = cards.require("optional card A (SOFT SOFSCL LCIDAB MAXPAR SBOPT DEPTH BSORT FRCFRQ)");
  const CardFields fields(card, cards.keyword(), kStandardLayout);
  read_soft_constraint(fields, card, cards.keyword(), single_surface, state, contact);
  contact.bucket_sort_interval = fields.option(7, "BSORT");
  if (contact.bucket_sort_interval < 0) fields.fail(7, "BSORT", "search interval must not be negative");
  if (fields.option(8, "FRCFRQ") > 1)
    state.unsupported_option(cards.keyword(), "FRCFRQ (contact forces every FRCFRQ cycles)", card.where());
}

// Card C's DTSTIF: SOFT 1's dt_c given (> 0) instead of the solution's.
void read_stiffness_step(const CardFields& fields, const Card& card, const std::string& keyword, ReaderState& state,
                         ContactInterface& contact) {
  const double dtstif = fields.real(4, "DTSTIF");
  if (contact.soft_scale > 0 && dtstif > 0) contact.soft_step = dtstif;
  if (contact.soft_scale > 0 && dtstif < 0)
    state.unsupported_option(keyword, "DTSTIF < 0 (SOFT 1's step from a curve)", card.where());
}

}  // namespace

void read_contact_optional_cards(KeywordCards& cards, bool single_surface, ReaderState& state,
                                 ContactInterface& contact) {
  if (!cards.has_more()) return;
  read_card_a(cards, single_surface, state, contact);
  const auto& acting = optional_cards_b_to_g();
  for (std::size_t c = 0; c < acting.size() && cards.has_more(); ++c) {
    const Card& card = cards.require(kCardNames[c]);
    const CardFields fields(card, cards.keyword(), kStandardLayout);
    list_acting_fields(fields, card, cards.keyword(), acting[c], state);
    if (c == 1) read_stiffness_step(fields, card, cards.keyword(), state, contact);
  }
  if (cards.has_more()) {
    state.warn(cards.require("a card after optional card G").where(), "cards after optional card G ignored");
    cards.skip_rest();
  }
}

}  // namespace mc
