// *CONTROL_SHELL: the through-thickness rule (INTGRD) and the thickness
// update (ISTUPD, with PSSTUPD and SIDT4TU on card 3), which becomes each
// part's ThicknessUpdate once the part sets are read.
#include <algorithm>

#include "io/deck/card_checks.hpp"
#include "io/deck/input_error.hpp"

namespace mc {

namespace {

// The parts of set `id`, sorted; an undefined set is an error at `where`.
std::vector<GlobalId> parts_of_set(const Model& m, GlobalId id, const SourceLine& where, const char* field) {
  const auto set = m.part_sets.find(id);
  if (set == m.part_sets.end())
    throw InputError(where, std::string("*CONTROL_SHELL ") + field + ": part set " + std::to_string(id) +
                                " is not defined");
  return sorted_unique(set->second);
}

// ISTUPD 1 and 3 (3 adds thick shells, which minicrash has not) and 4
// update every deformable shell not excluded by PSSTUPD.
bool updates_shells(const ThicknessUpdateRequest& r) { return r.istupd == 1 || r.istupd == 3 || r.istupd == 4; }

}  // namespace

void read_control_shell(KeywordCards& cards, const KeywordOptions&, ReaderState& state) {
  ThicknessUpdateRequest& update = state.thickness_update;
  const Card& card1 = cards.require("card 1 (WRPANG ESORT IRNXX ISTUPD THEORY BWC MITER PROJ)");
  {
    const CardFields fields(card1, cards.keyword(), kStandardLayout);
    update.istupd = fields.option(4, "ISTUPD");
    if (update.istupd < 0 || update.istupd > 4)
      fields.fail(4, "ISTUPD", "must be 0 (no thickness change), 1, 2 (thick shells only), 3 or 4");
    const int theory = fields.option(5, "THEORY");
    if (theory != 0 && theory != 2) {
      state.warn(card1.where(), "THEORY ignored: the ELFORM of *SECTION_SHELL is used");
    }
    // What else changes the answer. WRPANG (a warning angle) and IRNXX,
    // PROJ (which act with BWC 1 only) pass, and so do MITER 1 and 2:
    // minicrash's plane-stress return is solved to convergence.
    list_acting_fields(fields, card1, cards.keyword(),
                       {{2, "ESORT", 0, "degenerate quadrilaterals as C0 or DKT triangles"},
                        {6, "BWC", 2, "Belytschko-Wong-Chiang warping stiffness"}},
                       state);
    if (fields.option(7, "MITER") == 3)
      state.unsupported_option(cards.keyword(), "MITER 3 (radial return without iteration)", card1.where());
  }
  if (const Card* card2 = cards.next()) {
    const CardFields fields(*card2, cards.keyword(), kStandardLayout);
    const int rule = fields.option(2, "INTGRD");
    if (rule != 0 && rule != 1) fields.fail(2, "INTGRD", "must be 0 (Gauss) or 1 (Lobatto)");
    state.model.controls.integration = rule == 1 ? Integration::Lobatto : Integration::Gauss;
    // LAMSHT (composites), CSTYP6 (ELFORM 6) and THSHEL (thermal) pass.
    list_acting_fields(fields, *card2, cards.keyword(), {{1, "ROTASCL", 1, "shells' rotary inertia scaled"}}, state);
  }
  if (const Card* card3 = cards.next()) {
    const CardFields fields(*card3, cards.keyword(), kStandardLayout);
    update.update_set = fields.integer(1, "PSSTUPD");
    update.plastic_only_set = fields.integer(2, "SIDT4TU");
    if (update.plastic_only_set < 0) fields.fail(2, "SIDT4TU", "must be a part set id (or 0)");
    update.sets_where = card3->where();
    // CNTCO (shell offsets), ITSFLG (thick shells), IRQUAD (quadratic shells) pass.
    list_acting_fields(fields, *card3, cards.keyword(),
                       {{6, "W-MODE", 0, "distorted shells deleted"}, {8, "ICRQ", 0, "thickness and plastic strain continuous across edges"}},
                       state);
  }
  if (const Card* card4 = cards.next()) {
    // PSNFAIL (NFAIL's parts), DRCPSID, DRCPRM (implicit drilling) and INTPERR pass.
    const CardFields fields(*card4, cards.keyword(), kStandardLayout);
    list_acting_fields(fields, *card4, cards.keyword(),
                       {{1, "NFAIL1", 0, "distorted shells deleted"},
                        {2, "NFAIL4", 0, "distorted shells deleted"},
                        {4, "KEEPCS", 0, "contact segments of failed shells kept"},
                        {5, "DELFR", 0, "shells isolated by failures deleted"}},
                       state);
  }
  // Newer LS-DYNA versions add a card (DRCMTH LISPSID NLOCDT) that holds
  // nothing for explicit one-point shells.
  cards.next();
  cards.expect_end();
}

// LS-DYNA updates deformable shells only: ISTUPD 1 and 3 by the whole
// thickness strain, 4 by its plastic part; PSSTUPD > 0 updates only its parts, < 0 all but its parts;
// SIDT4TU's parts take the type 4 update (keyword manual, *CONTROL_SHELL).
void resolve_shell_thickness_updates(ReaderState& state) {
  const ThicknessUpdateRequest& r = state.thickness_update;
  Model& m = state.model;
  const bool global = updates_shells(r);
  std::vector<GlobalId> listed, plastic_only;
  if (global && r.update_set != 0) listed = parts_of_set(m, std::abs(r.update_set), r.sets_where, "PSSTUPD");
  if (r.plastic_only_set > 0) plastic_only = parts_of_set(m, r.plastic_only_set, r.sets_where, "SIDT4TU");
  for (auto& [id, part] : m.parts) {
    const auto material = m.materials.find(part.material);
    if (material == m.materials.end() || material->second.kind == MaterialKind::Rigid) continue;
    const bool in_listed = std::binary_search(listed.begin(), listed.end(), id);
    const bool updated = global && (r.update_set == 0 || (r.update_set > 0) == in_listed);
    if (std::binary_search(plastic_only.begin(), plastic_only.end(), id))
      part.thickness_update = ThicknessUpdate::PlasticOnly;
    else if (updated)
      part.thickness_update = r.istupd == 4 ? ThicknessUpdate::PlasticOnly : ThicknessUpdate::Total;
  }
}

// Contact keeps each shell's starting thickness (LS-DYNA's THKCHG 0): a deck
// that asks contact to follow the update is told so with the read.
void check_contact_thickness_change(ReaderState& state) {
  const ThicknessUpdateRequest& r = state.thickness_update;
  const bool updates = updates_shells(r) || r.plastic_only_set > 0;
  if (updates && r.contact_thickness_change != 0)
    state.unsupported_option("*CONTROL_CONTACT", "THKCHG " + std::to_string(r.contact_thickness_change) +
                                                     " (contact following the shells' thickness update)",
                             r.contact_where);
}

}  // namespace mc
