// Run controls and output requests: *TITLE, *CONTROL_*, *DATABASE_*.
#include "io/deck/card_checks.hpp"

namespace mc {

namespace {

// Newer LS-DYNA versions add optional cards to some controls; they hold
// nothing this code uses, so up to `count` of them are accepted and skipped.
void skip_optional_cards(KeywordCards& cards, int count) {
  for (int i = 0; i < count && cards.next() != nullptr; ++i) {
  }
  cards.expect_end();
}

}  // namespace

double read_output_interval(KeywordCards& cards, const char* card_description, ReaderState& state) {
  const Card& card = cards.require(card_description);
  const CardFields fields(card, cards.keyword(), kStandardLayout);
  const double dt = fields.real(1, "DT");
  if (dt < 0.0) fields.fail(1, "DT", "output interval must not be negative");
  // LS-DYNA writes no such file for DT 0; minicrash's outputs rest on it.
  if (dt == 0.0)
    state.warn(card.where(), cards.keyword() + " DT 0: LS-DYNA writes no such file; minicrash writes it every "
               "1/100 of the end time");
  return dt;
}

void read_title(KeywordCards& cards, const KeywordOptions&, ReaderState& state) {
  state.model.title = read_title_card(cards, "the title card");
  cards.expect_end();
}

int shell_hourglass_type(int ihq, const std::string& keyword, const SourceLine& where, ReaderState& state) {
  if (ihq == 0) return 1;
  if (ihq == 3) return 2;
  if (ihq == 5 || ihq == 6) return 4;
  if (ihq == 8) {
    state.unsupported_option(keyword, "IHQ 8 (the warping stiffness of fully integrated shells)", where);
    return 1;
  }
  if (ihq == 7 || ihq == 9 || ihq == 10) {
    state.unsupported_option(keyword, "IHQ " + std::to_string(ihq) + " (a form for solids)", where);
    return 1;
  }
  return ihq;
}

void read_control_hourglass(KeywordCards& cards, const KeywordOptions&, ReaderState& state) {
  const Card& card = cards.require("card 1 (IHQ QH)");
  const CardFields fields(card, cards.keyword(), kStandardLayout);
  HourglassControl& control = state.model.controls.hourglass;
  control.ihq = shell_hourglass_type(fields.option(1, "IHQ"), cards.keyword(), card.where(), state);
  control.qh = fields.real(2, "QH");
  if (control.qh == 0.0) control.qh = 0.1;
  control.where = card.where();
  cards.expect_end();
}

// Bulk viscosity acts on solids unless TYPE is negative (then on shells too,
// which minicrash does not model): a shell deck runs the same without it.
void read_control_bulk_viscosity(KeywordCards& cards, const KeywordOptions&, ReaderState& state) {
  const Card& card = cards.require("card 1 (Q1 Q2 TYPE BTYPE)");
  const CardFields fields(card, cards.keyword(), kStandardLayout);
  if (fields.option(3, "TYPE", 1) < 0) {
    state.warn(card.where(), "*CONTROL_BULK_VISCOSITY TYPE < 0 (bulk viscosity in shells) is not supported");
    state.unsupported.add("CONTROL_BULK_VISCOSITY (TYPE < 0)", card.where());
  }
  cards.expect_end();
}

// Dynamic relaxation (*CONTROL_DAMPING is its older name, with the same
// cards) runs only where IDRFLG or a curve's SIDR asks for it; curves with
// SIDR 1 or 2 are refused where they are read, so with IDRFLG 0 (or -999:
// never) these cards change nothing.
void read_control_dynamic_relaxation(KeywordCards& cards, const KeywordOptions&, ReaderState& state) {
  const Card& card = cards.require("card 1 (NRCYCK DRTOL DRFCTR DRTERM TSSFDR IRELAL EDTTL IDRFLG)");
  const CardFields fields(card, cards.keyword(), kStandardLayout);
  const int idrflg = fields.option(8, "IDRFLG");
  if (idrflg != 0 && idrflg != -999)
    state.unsupported_option(cards.keyword(), "IDRFLG " + std::to_string(idrflg) + " (dynamic relaxation)", card.where());
  else
    state.warn(card.where(), cards.keyword() + " read: no dynamic relaxation is asked for (IDRFLG " +
                                 std::to_string(idrflg) + "), so it has no effect");
  skip_optional_cards(cards, 1);
}

void read_control_termination(KeywordCards& cards, const KeywordOptions&, ReaderState& state) {
  const Card& card = cards.require("card 1 (ENDTIM ENDCYC DTMIN ENDENG ENDMAS)");
  const CardFields fields(card, cards.keyword(), kStandardLayout);
  Controls& controls = state.model.controls;
  controls.end_time = fields.real(1, "ENDTIM");
  controls.end_cycle = fields.integer(2, "ENDCYC");
  if (controls.end_cycle < 0) fields.fail(2, "ENDCYC", "must not be negative");
  controls.dt_min = fields.real(3, "DTMIN");
  if (controls.dt_min < 0.0) fields.fail(3, "DTMIN", "must not be negative");
  // LS-DYNA's defaults switch both off: ENDENG 0, ENDMAS 0 or 1.0e8 (the
  // value its pre-processors write); only another value is a request we drop.
  const double endeng = fields.real(4, "ENDENG"), endmas = fields.real(5, "ENDMAS");
  if (endeng != 0.0) state.warn(card.where(), "ENDENG " + std::string(fields.raw(4)) + " ignored: minicrash does not stop on an energy change");
  if (endmas != 0.0 && endmas != 1.0e8)
    state.warn(card.where(), "ENDMAS " + std::string(fields.raw(5)) + " ignored: minicrash does not stop on added mass");
  controls.termination_where = card.where();
  cards.expect_end();
}

// LS-DYNA MPP's redecomposition during the run (FREQ DEFGEO WEIGHT REMSPH
// STIME SAMPT). minicrash weights each element by its measured work in the
// last cycle before each one (weights=: plastic, pair), so WEIGHT and SAMPT
// have no counterpart; DEFGEO 1 and 2 differ only for SPH.
void read_control_mpp_decomposition_redecomposition(KeywordCards& cards, const KeywordOptions&,
                                                    ReaderState& state) {
  const Card& card = cards.require("card 1 (FREQ DEFGEO WEIGHT REMSPH STIME SAMPT)");
  const CardFields fields(card, cards.keyword(), kStandardLayout);
  Controls& controls = state.model.controls;
  controls.redecompose_freq = fields.real(1, "FREQ");
  const int defgeo = fields.option(2, "DEFGEO", 1);
  if (defgeo < 0 || defgeo > 2) fields.fail(2, "DEFGEO", "must be 1 or 2 (the current geometry)");
  const double weight = fields.real(3, "WEIGHT", 1.0);
  if (weight != 1.0 && weight != 0.0)
    state.warn(card.where(), "WEIGHT " + std::string(fields.raw(3)) +
                                 " ignored: elements are weighted by their measured work (weights= plastic, pair)");
  const int remsph = fields.option(4, "REMSPH");
  if (remsph != 0 && remsph != 1) fields.fail(4, "REMSPH", "must be 0 or 1");
  controls.redecompose_start = fields.real(5, "STIME");
  if (controls.redecompose_start < 0.0) fields.fail(5, "STIME", "must not be negative");
  if (!fields.blank(6))
    state.warn(card.where(), "SAMPT ignored: the work is measured in the last cycle before each redecomposition");
  cards.expect_end();
}

void read_control_timestep(KeywordCards& cards, const KeywordOptions&, ReaderState& state) {
  const Card& card = cards.require("card 1 (DTINIT TSSFAC ISDO TSLIMT DT2MS LCTM ERODE MS1ST)");
  const CardFields fields(card, cards.keyword(), kStandardLayout);
  Controls& controls = state.model.controls;
  controls.dt_init = fields.real(1, "DTINIT");
  if (controls.dt_init < 0.0) fields.fail(1, "DTINIT", "must not be negative");
  const double tssfac = fields.real(2, "TSSFAC");
  controls.tssfac = tssfac == 0.0 ? 0.9 : tssfac;
  if (!(controls.tssfac > 0.0 && controls.tssfac <= 1.0)) fields.fail(2, "TSSFAC", "must lie in (0, 1]");
  if (fields.option(3, "ISDO") != 0) state.warn(card.where(), "ISDO ignored: the shell time step uses the default");
  controls.dt2ms = fields.real(5, "DT2MS");
  if (fields.integer(6, "LCTM") != 0) state.warn(card.where(), "LCTM (time step limit curve) ignored");
  // TSLIMT stiffens the shells that would set a smaller step; ERODE 10, 11
  // (and 110, 111) erode shells whose step falls below DTMIN; MS1ST keeps
  // the first step's scaled masses. ERODE 1 and 100 act on solids, thick
  // shells, SPH and beams, which a shell deck does not have.
  list_acting_fields(fields, card, cards.keyword(), {{4, "TSLIMT", 0, "shells stiffened to keep their step"}}, state);
  if (fields.option(7, "ERODE") / 10 % 10 == 1)
    state.unsupported_option(cards.keyword(), "ERODE (shells eroded at DTMIN)", card.where());
  if (controls.dt2ms != 0) list_acting_fields(fields, card, cards.keyword(), {{8, "MS1ST", 0, "mass scaled in the first step only"}}, state);
  if (const Card* card2 = cards.next()) {
    // RMSCL (with IMSCL) and IHDO (solids) pass.
    const CardFields more(*card2, cards.keyword(), kStandardLayout);
    list_acting_fields(more, *card2, cards.keyword(),
                       {{1, "DT2MSF", 0, "mass scaling's step from the first step"},
                        {2, "DT2MSLC", 0, "mass scaling's step from a curve"},
                        {3, "IMSCL", 0, "selective mass scaling"},
                        {7, "EMSCL", 0, "added mass in gravity loads"}},
                       state);
  }
  skip_optional_cards(cards, 1);  // IGADO: isogeometric elements
}

// *CONTROL_ACCURACY: OSU, INN, PIDOSU, IACC, EXACC. INN 3 (solids) and
// PIDOSU, IACC (its part set; implicit) change nothing for explicit shells;
// what else would is listed: minicrash's one-point shell takes its frame
// from side 1-2 (INN 1) and updates the stresses in it (no second-order
// objective update).
void read_control_accuracy(KeywordCards& cards, const KeywordOptions&, ReaderState& state) {
  const Card& card = cards.require("card 1 (OSU INN PIDOSU IACC EXACC)");
  const CardFields fields(card, cards.keyword(), kStandardLayout);
  list_acting_fields(fields, card, cards.keyword(), {{1, "OSU", 0, "second-order objective stress update"},
                                                     {5, "EXACC", 0, "explicit accuracy option"}},
                     state);
  const int inn = fields.option(2, "INN", 1);
  if (inn == 2 || inn == 4 || inn == -2 || inn == -4)
    state.unsupported_option(cards.keyword(), "INN " + std::to_string(inn) + " (invariant node numbering for shells)",
                             card.where());
  else if (inn != 0 && inn != 1 && inn != 3)
    fields.fail(2, "INN", "must be 1, 2, 3, 4, -2 or -4");
  skip_optional_cards(cards, 1);
}

void read_database_binary_d3plot(KeywordCards& cards, const KeywordOptions&, ReaderState& state) {
  const Card& card = cards.require("card 1 (DT LCDT BEAM NPLTC PSETID)");
  const CardFields fields(card, cards.keyword(), kStandardLayout);
  const double dt = fields.real(1, "DT");
  if (dt < 0.0) fields.fail(1, "DT", "output interval must not be negative");
  state.model.controls.d3plot_dt = dt;
  if (fields.integer(2, "LCDT") != 0) state.warn(card.where(), "LCDT (output interval curve) ignored");
  const std::int64_t plots = fields.integer(4, "NPLTC");
  if (plots < 0) fields.fail(4, "NPLTC", "must not be negative");
  // Each plot state is a file per rank; beyond this a typo, not a request.
  constexpr std::int64_t kMaxPlotStates = 1'000'000;
  if (plots > kMaxPlotStates) {
    fields.fail(4, "NPLTC", std::to_string(plots) + " plot states: more than " + std::to_string(kMaxPlotStates) +
                                " (each is a ParaView file per rank)");
  }
  // NPLTC sets DT = ENDTIM/NPLTC; ENDTIM may come later in the deck.
  state.d3plot_count = dt == 0.0 ? plots : 0;
  skip_optional_cards(cards, 2);
}

}  // namespace mc
