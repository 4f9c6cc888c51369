// *DEFINE_TABLE: a value card (VALUE, and since LS-DYNA R13 an optional
// LCID) per value; without LCIDs the table's curves are the *DEFINE_CURVEs
// that follow it, one per value, in order. MAT_024's LCSS may name one: a
// hardening curve per strain rate.
#include <cmath>

#include "io/deck/card_fields.hpp"
#include "io/deck/input_error.hpp"
#include "io/deck/keyword_handlers.hpp"

namespace mc {

namespace {

constexpr FieldLayout kTableValueLayout{{20, 20}, 2};

}  // namespace

void read_define_table(KeywordCards& cards, const KeywordOptions& options, ReaderState& state) {
  check_no_open_table(state, cards.keyword(), cards.keyword_line());
  if (options.title) read_title_card(cards, "the title card");
  const Card& card1 = cards.require("card 1 (TBID SFA OFFA)");
  Table table;
  table.where = card1.where();
  double scale = 1, offset = 0;
  {
    const CardFields fields(card1, cards.keyword(), kStandardLayout);
    table.id = fields.id(1, "TBID");
    scale = fields.real(2, "SFA");
    if (scale == 0.0) scale = 1.0;  // 0 or blank: LS-DYNA's default 1
    offset = fields.real(3, "OFFA");
  }
  if (const auto found = state.model.tables.find(table.id); found != state.model.tables.end())
    duplicate_id("table", table.id, table.where, found->second.where);
  std::size_t explicit_curves = 0;
  while (const Card* card = cards.next()) {
    if (card->blank()) continue;
    const CardFields fields(*card, cards.keyword(), kTableValueLayout);
    // LS-DYNA scales after the offset, as for a curve's abscissas.
    table.values.push_back(scale * (fields.real(1, "VALUE") + offset));
    if (table.values.size() > 1 && !(table.values.back() > table.values[table.values.size() - 2]))
      fields.fail(1, "VALUE", "the table's values must increase");
    const GlobalId curve = fields.integer(2, "LCID");
    if (curve < 0) fields.fail(2, "LCID", "curve id must not be negative");
    if (curve > 0) ++explicit_curves;
    table.curves.push_back(curve);
  }
  if (table.values.empty())
    throw InputError(table.where, cards.keyword() + ": table " + std::to_string(table.id) + " has no values");
  if (explicit_curves != 0 && explicit_curves != table.values.size())
    throw InputError(table.where, cards.keyword() + ": table " + std::to_string(table.id) +
                                      ": give every value its LCID, or none (the curves then follow the table)");
  if (explicit_curves == 0) {
    table.curves.clear();
    state.open_table = table.id;
  }
  state.model.tables.emplace(table.id, std::move(table));
}

void claim_curve_for_open_table(ReaderState& state, GlobalId curve) {
  if (state.open_table == 0) return;
  Table& table = state.model.tables.at(state.open_table);
  table.curves.push_back(curve);
  if (table.curves.size() == table.values.size()) state.open_table = 0;
}

void check_no_open_table(const ReaderState& state, const std::string& keyword, const SourceLine& where) {
  if (state.open_table == 0) return;
  const Table& table = state.model.tables.at(state.open_table);
  throw InputError(where.line > 0 ? where : table.where, keyword + " where table " + std::to_string(table.id) + " (line " +
                              std::to_string(table.where.line) + ") still needs " +
                              std::to_string(table.values.size() - table.curves.size()) + " of its " +
                              std::to_string(table.values.size()) +
                              " curves: a table's *DEFINE_CURVEs follow it, one per value");
}

void resolve_hardening_tables(ReaderState& state) {
  Model& m = state.model;
  for (auto& [id, mat] : m.materials) {
    if (mat.kind != MaterialKind::PiecewiseLinearPlasticity || mat.hardening_curve <= 0) continue;
    const auto table = m.tables.find(mat.hardening_curve);
    if (table == m.tables.end()) continue;
    if (m.curves.count(mat.hardening_curve) != 0)
      throw InputError(mat.where, "material " + std::to_string(id) + ": LCSS " + std::to_string(mat.hardening_curve) +
                                      " names both a curve and a table (LS-DYNA's curves and tables share ids)");
    for (GlobalId curve : table->second.curves)
      if (m.curves.count(curve) == 0)
        throw InputError(table->second.where, "*DEFINE_TABLE " + std::to_string(table->first) + ": curve " +
                                                  std::to_string(curve) + " is not defined");
    if (table->second.values.size() > static_cast<std::size_t>(kMaxTableValues))
      throw InputError(table->second.where, "*DEFINE_TABLE " + std::to_string(table->first) + ": " +
                                                std::to_string(table->second.values.size()) +
                                                " strain rates; a MAT_024 table may hold " +
                                                std::to_string(kMaxTableValues));
    if (mat.log_rate_interpolation && table->second.values.front() == 0.0)  // ln 0
      throw InputError(mat.where, "material " + std::to_string(id) + ": _LOG_INTERPOLATION needs positive strain "
                                                                     "rates in table " + std::to_string(table->first));
    // LS-DYNA: a negative first value means the values are ln(rate).
    if (table->second.values.front() < 0) mat.log_rate_interpolation = true;
    if (mat.rate_c > 0 || mat.rate_curve != 0)
      state.warn(mat.where, "material " + std::to_string(id) + ": " + (mat.rate_curve != 0 ? "LCSR" : "C and P") +
                                " ignored: LCSS is a table, whose curves give the strain-rate dependence");
    mat.rate_c = mat.rate_p = 0;
    mat.rate_curve = 0;
    mat.hardening_table = mat.hardening_curve;
    mat.hardening_curve = 0;
  }
}

}  // namespace mc
