// Material keywords (*MAT_ELASTIC/001, *MAT_PIECEWISE_LINEAR_PLASTICITY/024,
// *MAT_RIGID/020), *DEFINE_CURVE and *HOURGLASS.
#include <algorithm>
#include <cmath>
#include <sstream>

#include "io/deck/card_checks.hpp"
#include "io/deck/input_error.hpp"

namespace mc {

namespace {

// LS-DYNA writes "no failure" as a huge FAIL (its default is 1e21).
constexpr double kNoFailureThreshold = 1e20;

std::string number_text(double value) {
  std::ostringstream text;
  text << value;
  return text.str();
}

// Each point must lie right of the previous one, or interpolation is ambiguous.
void check_abscissa_increases(const std::vector<double>& x, const CardFields& fields, int field,
                              const char* name) {
  const std::size_t n = x.size();
  if (n >= 2 && !(x[n - 1] > x[n - 2])) {
    fields.fail(field, name, "abscissa " + number_text(x[n - 1]) + " is not greater than the previous " +
                                 number_text(x[n - 2]) + ": curve points must have increasing x");
  }
}

Material& add_material(ReaderState& state, Material material) {
  if (const auto found = state.model.materials.find(material.id); found != state.model.materials.end()) {
    duplicate_id("material", material.id, material.where, found->second.where);
  }
  return state.model.materials.emplace(material.id, std::move(material)).first->second;
}

// MID RO E PR: the first four fields of every supported material.
// MAT_RIGID CON1/CON2 with CMO +1: 0 none, 1 x, 2 y, 3 z, 4 x and y, 5 y
// and z, 6 z and x, 7 all three, as bits x 1, y 2, z 4.
int global_constraint(const CardFields& fields, int field, const char* name) {
  static constexpr int kBits[8] = {0, 1, 2, 4, 1 | 2, 2 | 4, 4 | 1, 7};
  const int code = fields.option(field, name);
  if (code < 0 || code > 7) fields.fail(field, name, "must be 0 to 7 (0 none, 1 x, 2 y, 3 z, 4 xy, 5 yz, 6 zx, 7 xyz)");
  return kBits[code];
}

Material read_common_fields(const CardFields& fields, MaterialKind kind) {
  Material material;
  material.kind = kind;
  material.id = fields.id(1, "MID");
  material.density = fields.real(2, "RO");
  material.youngs = fields.real(3, "E");
  material.poisson = fields.real(4, "PR");
  material.where = fields.card().where();
  return material;
}

// MAT_024 cards 3 and 4: EPS1..8 and ES1..8, the pairs taken while ES is
// nonzero. Returns the points as a curve (empty when no pair is given).
// The Keyword Manual calls the points "optional; supersedes SIGY, ETAN if
// defined": EPS1-EPS8 all 0 (or blank) is the row left undefined, so SIGY
// and ETAN give the hardening and the ES row is ignored, with a warning
// (LSTC's example thick.k has such a card).
Curve read_stress_strain_table(KeywordCards& cards, ReaderState& state) {
  Curve curve;
  const Card* eps_card = cards.next();
  if (eps_card == nullptr) return curve;
  const SourceLine eps_where = eps_card->where();
  const CardFields eps(*eps_card, cards.keyword(), kStandardLayout);
  std::vector<double> strains;
  static const char* const kEpsNames[] = {"EPS1", "EPS2", "EPS3", "EPS4", "EPS5", "EPS6", "EPS7", "EPS8"};
  static const char* const kEsNames[] = {"ES1", "ES2", "ES3", "ES4", "ES5", "ES6", "ES7", "ES8"};
  for (int i = 1; i <= 8; ++i) strains.push_back(eps.real(i, kEpsNames[i - 1]));
  const Card* es_card = cards.next();
  if (es_card == nullptr) {
    for (double strain : strains) {
      if (strain != 0.0) throw InputError(eps_where, cards.keyword() + ": EPS1-EPS8 given without card 4 (ES1-ES8)");
    }
    return curve;
  }
  const CardFields es(*es_card, cards.keyword(), kStandardLayout);
  if (std::all_of(strains.begin(), strains.end(), [](double strain) { return strain == 0.0; })) {
    for (int i = 1; i <= 8; ++i)
      if (es.real(i, kEsNames[i - 1]) != 0.0) {
        state.warn(es_card->where(), cards.keyword() + ": ES1-ES8 ignored: EPS1-EPS8 are all 0, so the table is not "
                                                       "defined and SIGY, ETAN give the hardening");
        break;
      }
    return curve;
  }
  bool ended = false;
  for (int i = 1; i <= 8; ++i) {
    const double stress = es.real(i, kEsNames[i - 1]);
    if (stress == 0.0) {
      ended = true;
      continue;
    }
    if (ended) es.fail(i, kEsNames[i - 1], "stress given after a zero or blank ES: the table has a gap");
    if (stress < 0.0) es.fail(i, kEsNames[i - 1], "yield stress must be positive");
    curve.x.push_back(strains[static_cast<std::size_t>(i - 1)]);
    curve.y.push_back(stress);
    check_abscissa_increases(curve.x, eps, i, kEpsNames[i - 1]);
  }
  if (curve.x.size() == 1) es.fail(1, "ES1", "a stress-strain table needs at least 2 points");
  curve.where = eps_where;
  return curve;
}

// MID RO E PR SIGY ETAN: the first six fields of MAT_024 and MAT_003.
Material read_bilinear_fields(const CardFields& fields) {
  Material material = read_common_fields(fields, MaterialKind::PiecewiseLinearPlasticity);
  material.yield = fields.real(5, "SIGY");
  material.tangent = fields.real(6, "ETAN");
  return material;
}

// Cowper-Symonds rate parameters (MAT_024 C, P; MAT_003 SRC, SRP): C 0
// leaves the material rate-independent, as in LS-DYNA.
void read_cowper_symonds(const CardFields& fields, int c_field, const char* c_name, int p_field,
                         const char* p_name, Material& material) {
  const double c = fields.real(c_field, c_name);
  const double p = fields.real(p_field, p_name);
  if (c < 0.0) fields.fail(c_field, c_name, "must not be negative");
  if (p < 0.0) fields.fail(p_field, p_name, "must not be negative");
  if (c > 0.0 && p == 0.0) fields.fail(p_field, p_name, std::string("must be positive when ") + c_name + " is given");
  if (c == 0.0) return;
  material.rate_c = c;
  material.rate_p = p;
}

// VP: 0 scales the yield stress by the total strain rate; 1 (viscoplastic)
// puts the plastic strain rate in the return (C/P, LCSR or a table LCSS's
// rates), and in MAT_024 with SIGY > 0
// adds SIGY (rate / C)^(1/P) to the static curve (keyword manual, *MAT_024
// remarks); MAT_024's -1 (deviatoric rate) and 3 (filtered rates) are not
// modelled.
void read_viscoplastic_flag(const CardFields& fields, int field, bool mat024, const std::string& keyword,
                            ReaderState& state, Material& material) {
  const double vp = fields.real(field, "VP");
  if (vp == 0.0) return;
  if (vp == 1.0) {
    material.viscoplastic = true;
    if (mat024) material.viscoplastic_yield = material.yield;
  } else if (mat024 && (vp == -1.0 || vp == 3.0)) {
    state.unsupported_option(keyword, vp < 0 ? "VP -1 (deviatoric strain rate)" : "VP 3 (filtered strain rates)",
                             fields.card().where());
  } else {
    fields.fail(field, "VP", mat024 ? "must be -1, 0, 1 or 3" : "must be 0 or 1");
  }
}

}  // namespace

void read_mat_elastic(KeywordCards& cards, const KeywordOptions& options, ReaderState& state) {
  if (options.title) read_title_card(cards, "the title card");
  const Card& card = cards.require("card 1 (MID RO E PR DA DB K)");
  const CardFields fields(card, cards.keyword(), kStandardLayout);
  Material material = read_common_fields(fields, MaterialKind::Elastic);
  if (fields.real(5, "DA") != 0.0 || fields.real(6, "DB") != 0.0) {
    state.unsupported_option(cards.keyword(), "DA/DB damping", card.where());
  }
  if (fields.real(7, "K") != 0.0) fields.fail(7, "K", "the elastic fluid option (K > 0) is not supported");
  add_material(state, std::move(material));
  cards.expect_end();
}

// *MAT_NULL on shells (miniapp/materials/null.hpp): RO gives the mass, YM
// and PR the contact penalty; PC, MU, TEROD and CEROD act on solids with an
// equation of state, which a shell deck does not have.
void read_mat_null(KeywordCards& cards, const KeywordOptions& options, ReaderState& state) {
  if (options.title) read_title_card(cards, "the title card");
  const Card& card = cards.require("card 1 (MID RO PC MU TEROD CEROD YM PR)");
  const CardFields fields(card, cards.keyword(), kStandardLayout);
  Material material;
  material.kind = MaterialKind::Null;
  material.id = fields.id(1, "MID");
  material.density = fields.real(2, "RO");
  material.youngs = fields.real(7, "YM");
  material.poisson = fields.real(8, "PR");
  material.where = card.where();
  add_material(state, std::move(material));
  cards.expect_end();
}

void read_mat_piecewise_linear_plasticity(KeywordCards& cards, const KeywordOptions& options,
                                          ReaderState& state) {
  if (options.title) read_title_card(cards, "the title card");
  const Card& card1 = cards.require("card 1 (MID RO E PR SIGY ETAN FAIL TDEL)");
  Material material;
  {
    const CardFields fields(card1, cards.keyword(), kStandardLayout);
    material = read_bilinear_fields(fields);
    const double fail = fields.real(7, "FAIL");
    if (fail < 0.0) fields.fail(7, "FAIL", "user failure subroutines (FAIL < 0) are not supported");
    material.fail_strain = fail >= kNoFailureThreshold ? 0.0 : fail;
    // TDEL deletes a shell whose step falls below it (a warning until 2026-11-30).
    list_acting_fields(fields, card1, cards.keyword(), {{8, "TDEL", 0, "shells deleted below a time step"}}, state);
  }
  GlobalId curve_id = 0;
  if (const Card* card2 = cards.next()) {
    const CardFields fields(*card2, cards.keyword(), kStandardLayout);
    read_cowper_symonds(fields, 1, "C", 2, "P", material);
    material.rate_curve = fields.integer(4, "LCSR");
    if (material.rate_curve < 0) fields.fail(4, "LCSR", "curve id must not be negative");
    if (material.rate_curve > 0 && material.rate_c > 0) {  // LS-DYNA: LCSR before C and P
      state.warn(card2->where(), "material " + std::to_string(material.id) + ": C and P ignored: LCSR gives the "
                                                                             "strain-rate scaling");
      material.rate_c = material.rate_p = 0;
    }
    curve_id = fields.integer(3, "LCSS");
    if (curve_id < 0) fields.fail(3, "LCSS", "curve id must not be negative");
    read_viscoplastic_flag(fields, 5, true, cards.keyword(), state, material);
  }
  Curve table = read_stress_strain_table(cards, state);
  if (curve_id > 0) {
    material.hardening_curve = curve_id;
    if (!table.x.empty()) state.warn(table.where, "EPS/ES table ignored: LCSS is given");
  } else if (!table.x.empty()) {
    table.id = state.next_internal_curve--;
    material.hardening_curve = table.id;
    state.model.curves.emplace(table.id, std::move(table));
  }
  material.log_rate_interpolation = cards.keyword().find("_LOG_INTERPOLATION") != std::string::npos;
  add_material(state, std::move(material));
  cards.expect_end();
}

// *MAT_PLASTIC_KINEMATIC (MAT_003): bilinear elastic-plastic, run as MAT_024
// with SIGY, ETAN and FAIL = FS, Cowper-Symonds rate effects (SRC, SRP)
// included, and BETA: the hardening Ep = E ETAN / (E - ETAN) moves the yield
// surface by (1 - BETA) Ep (a back stress) and grows it by BETA Ep
// (piecewise_linear_plasticity.hpp). VP 1 puts the plastic strain rate in
// the return (read_viscoplastic_flag).
void read_mat_plastic_kinematic(KeywordCards& cards, const KeywordOptions& options, ReaderState& state) {
  if (options.title) read_title_card(cards, "the title card");
  const Card& card1 = cards.require("card 1 (MID RO E PR SIGY ETAN BETA)");
  Material material;
  {
    const CardFields fields(card1, cards.keyword(), kStandardLayout);
    material = read_bilinear_fields(fields);
    material.beta = fields.real(7, "BETA");
    if (material.beta < 0.0 || material.beta > 1.0) fields.fail(7, "BETA", "must lie in [0, 1]");
  }
  if (const Card* card2 = cards.next()) {
    const CardFields fields(*card2, cards.keyword(), kStandardLayout);
    read_cowper_symonds(fields, 1, "SRC", 2, "SRP", material);
    const double fail = fields.real(3, "FS");
    if (fail < 0.0) fields.fail(3, "FS", "failure by a user subroutine or table (FS < 0) is not supported");
    material.fail_strain = fail >= kNoFailureThreshold ? 0.0 : fail;
    read_viscoplastic_flag(fields, 4, false, cards.keyword(), state, material);
  }
  add_material(state, std::move(material));
  cards.expect_end();
}

void read_mat_rigid(KeywordCards& cards, const KeywordOptions& options, ReaderState& state) {
  if (options.title) read_title_card(cards, "the title card");
  const Card& card = cards.require("card 1 (MID RO E PR N COUPLE M ALIAS)");
  const CardFields fields(card, cards.keyword(), kStandardLayout);
  Material material = read_common_fields(fields, MaterialKind::Rigid);
  // N and M couple the body to a MADYMO or CAL3D body, which moves it; COUPLE
  // only qualifies N, and ALIAS names a VDA surface.
  list_acting_fields(fields, card, cards.keyword(),
                     {{5, "N", 0, "coupled to a MADYMO ellipsoid or plane"}, {7, "M", 0, "coupled to a MADYMO or CAL3D body"}},
                     state);
  // Card 2 (CMO CON1 CON2) and card 3 (LCO or A1..V3) are optional. CMO +1
  // fixes global motions of the body; CMO -1 (a local system) is unsupported.
  if (const Card* card2 = cards.next()) {
    const CardFields constraints(*card2, cards.keyword(), kStandardLayout);
    const double cmo = constraints.real(1, "CMO");
    if (cmo == 1.0) {
      material.rigid_fixed = global_constraint(constraints, 2, "CON1") | (global_constraint(constraints, 3, "CON2") << 3);
    } else if (cmo == -1.0) {
      state.unsupported_option(cards.keyword(), "CMO -1 (local constraints)", card2->where());
    } else if (cmo != 0.0) {
      constraints.fail(1, "CMO", "must be 0 (none), +1 (global constraints) or -1 (local)");
    }
    cards.next();
  }
  add_material(state, material);
  cards.expect_end();
}

void read_define_curve(KeywordCards& cards, const KeywordOptions& options, ReaderState& state) {
  if (options.title) read_title_card(cards, "the title card");
  const Card& card1 = cards.require("card 1 (LCID SIDR SFA SFO OFFA OFFO)");
  Curve curve;
  curve.where = card1.where();
  double scale_x = 1, scale_y = 1, offset_x = 0, offset_y = 0;
  {
    const CardFields fields(card1, cards.keyword(), kStandardLayout);
    curve.id = fields.id(1, "LCID");
    // SIDR 1: the curve drives dynamic relaxation only, 2: that and the
    // transient; minicrash has no dynamic relaxation.
    if (const int sidr = fields.option(2, "SIDR"); sidr != 0)
      state.unsupported_option(cards.keyword(), "SIDR " + std::to_string(sidr) + " (dynamic relaxation)", card1.where());
    scale_x = fields.real(3, "SFA");
    scale_y = fields.real(4, "SFO");
    if (scale_x == 0.0) scale_x = 1.0;  // 0 or blank: LS-DYNA's default 1
    if (scale_y == 0.0) scale_y = 1.0;
    offset_x = fields.real(5, "OFFA");
    offset_y = fields.real(6, "OFFO");
  }
  if (const auto found = state.model.curves.find(curve.id); found != state.model.curves.end()) {
    duplicate_id("curve", curve.id, curve.where, found->second.where);
  }
  while (const Card* card = cards.next()) {
    if (card->blank()) continue;
    const CardFields fields(*card, cards.keyword(), kCurvePairLayout);
    // LS-DYNA applies the offsets first, then the scale factors.
    curve.x.push_back(scale_x * (fields.real(1, "A") + offset_x));
    curve.y.push_back(scale_y * (fields.real(2, "O") + offset_y));
    if (!std::isfinite(curve.x.back()) || std::fabs(curve.x.back()) > kMaxAbsValue ||
        !std::isfinite(curve.y.back()) || std::fabs(curve.y.back()) > kMaxAbsValue) {
      fields.fail(1, "A", "the scaled point is out of range");
    }
    check_abscissa_increases(curve.x, fields, 1, "A");
  }
  if (curve.x.empty()) {
    throw InputError(curve.where, cards.keyword() + ": curve " + std::to_string(curve.id) + " has no data points");
  }
  claim_curve_for_open_table(state, curve.id);
  state.model.curves.emplace(curve.id, std::move(curve));
}

void read_hourglass(KeywordCards& cards, const KeywordOptions& options, ReaderState& state) {
  do {
    if (options.title) read_title_card(cards, "the title card");
    const Card& card = cards.require("card 1 (HGID IHQ QM IBQ Q1 Q2 QB QW)");
    const CardFields fields(card, cards.keyword(), kStandardLayout);
    const GlobalId id = fields.id(1, "HGID");
    HourglassControl control;
    control.ihq = shell_hourglass_type(fields.option(2, "IHQ"), cards.keyword(), card.where(), state);
    control.qh = fields.real(3, "QM");
    if (control.qh == 0.0) control.qh = 0.1;
    // IBQ, Q1, Q2 (bulk viscosity of solids) pass; QB and QW default to QM.
    control.qb = fields.real(7, "QB");
    control.qw = fields.real(8, "QW");
    control.where = card.where();
    if (const auto found = state.model.hourglass.find(id); found != state.model.hourglass.end()) {
      duplicate_id("hourglass", id, control.where, found->second.where);
    }
    state.model.hourglass.emplace(id, std::move(control));
  } while (cards.has_more());
}

}  // namespace mc
