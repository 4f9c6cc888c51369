// The reading loop: keyword lines are matched against the table of known
// keywords and handed to their handler; *INCLUDE and *END steer the stream.
#include "io/deck/keyword_reader.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <fstream>
#include <memory>
#include <sstream>
#include <string_view>
#include <vector>

#include "io/deck/card_fields.hpp"
#include "io/deck/input_error.hpp"
#include "io/deck/keyword_handlers.hpp"

namespace mc {

namespace {

enum OptionBits : unsigned {
  kTitleOption = 1u,
  kIdOption = 2u,
  kMovingOption = 4u,
  kDisplayOption = 8u,
  kMotionOption = 16u,
  kMppOption = 32u
};

struct KeywordSpec {
  const char* base;  // upper case, without '*'
  KeywordHandler handler;
  unsigned options;  // OptionBits the keyword accepts as _SUFFIX
};

void read_keyword_line_only(KeywordCards& cards, const KeywordOptions&, ReaderState&) {
  cards.expect_end();
}

constexpr KeywordSpec kKeywords[] = {
    {"KEYWORD", read_keyword_line_only, 0},
    {"TITLE", read_title, 0},
    {"PARAMETER", read_parameter, 0},
    {"PARAMETER_EXPRESSION", read_parameter_expression, 0},
    {"NODE", read_node, 0},
    {"ELEMENT_SHELL", read_element_shell, 0},
    {"ELEMENT_SHELL_THICKNESS", read_element_shell_thickness, 0},
    {"ELEMENT_MASS", read_element_mass, 0},
    {"ELEMENT_MASS_NODE_SET", read_element_mass, 0},
    {"ELEMENT_MASS_PART", read_element_mass_part, 0},
    {"ELEMENT_MASS_PART_SET", read_element_mass_part, 0},
    {"PART", read_part, 0},
    {"PART_CONTACT", read_part_contact, 0},
    {"INTEGRATION_SHELL", read_integration_shell, 0},
    {"PART_INERTIA", read_part_inertia, 0},
    {"SECTION_SHELL", read_section_shell, kTitleOption},
    {"MAT_ELASTIC", read_mat_elastic, kTitleOption},
    {"MAT_001", read_mat_elastic, kTitleOption},
    {"MAT_PIECEWISE_LINEAR_PLASTICITY", read_mat_piecewise_linear_plasticity, kTitleOption},
    {"MAT_024", read_mat_piecewise_linear_plasticity, kTitleOption},
    {"MAT_PIECEWISE_LINEAR_PLASTICITY_LOG_INTERPOLATION", read_mat_piecewise_linear_plasticity, kTitleOption},
    {"MAT_024_LOG_INTERPOLATION", read_mat_piecewise_linear_plasticity, kTitleOption},
    {"MAT_PLASTIC_KINEMATIC", read_mat_plastic_kinematic, kTitleOption},
    {"MAT_003", read_mat_plastic_kinematic, kTitleOption},
    {"ELEMENT_INERTIA", read_element_inertia, 0},
    {"ELEMENT_INERTIA_OFFSET", read_element_inertia, 0},
    {"MAT_NULL", read_mat_null, kTitleOption},
    {"MAT_009", read_mat_null, kTitleOption},
    {"MAT_RIGID", read_mat_rigid, kTitleOption},
    {"MAT_020", read_mat_rigid, kTitleOption},
    {"DEFINE_CURVE", read_define_curve, kTitleOption},
    {"DEFINE_TABLE", read_define_table, kTitleOption},
    {"DEFINE_VECTOR", read_define_vector, kTitleOption},
    {"DEFINE_VECTOR_NODES", read_define_vector_nodes, kTitleOption},
    {"SET_NODE_LIST", read_set_node_list, kTitleOption},
    {"SET_NODE", read_set_node_list, kTitleOption},
    {"SET_PART_LIST", read_set_part_list, kTitleOption},
    {"SET_PART", read_set_part_list, kTitleOption},
    {"SET_SHELL_LIST", read_set_shell_list, kTitleOption},
    {"SET_SHELL", read_set_shell_list, kTitleOption},
    {"SET_SEGMENT", read_set_segment, kTitleOption},
    {"SET_NODE_LIST_GENERATE", read_set_list_generate, kTitleOption},
    {"SET_PART_LIST_GENERATE", read_set_list_generate, kTitleOption},
    {"SET_NODE_GENERAL", read_set_node_general, kTitleOption},
    {"HOURGLASS", read_hourglass, kTitleOption},
    {"BOUNDARY_SPC_NODE", read_boundary_spc_node, kIdOption},
    {"BOUNDARY_SPC_SET", read_boundary_spc_set, kIdOption},
    {"BOUNDARY_PRESCRIBED_MOTION_NODE", read_boundary_prescribed_motion_node, kIdOption},
    {"BOUNDARY_PRESCRIBED_MOTION_SET", read_boundary_prescribed_motion_set, kIdOption},
    {"BOUNDARY_PRESCRIBED_MOTION_RIGID", read_boundary_prescribed_motion_rigid, kIdOption},
    {"INITIAL_VELOCITY", read_initial_velocity, 0},
    {"INITIAL_VELOCITY_GENERATION", read_initial_velocity_generation, 0},
    {"INITIAL_VELOCITY_NODE", read_initial_velocity_node, 0},
    {"INITIAL_VELOCITY_RIGID_BODY", read_initial_velocity_rigid_body, 0},
    {"RIGIDWALL_PLANAR", read_rigidwall_planar, kIdOption | kMovingOption},
    {"RIGIDWALL_GEOMETRIC_FLAT", read_rigidwall_geometric, kIdOption | kDisplayOption | kMotionOption},
    {"RIGIDWALL_GEOMETRIC_PRISM", read_rigidwall_geometric, kIdOption | kDisplayOption | kMotionOption},
    {"RIGIDWALL_GEOMETRIC_CYLINDER", read_rigidwall_geometric, kIdOption | kDisplayOption | kMotionOption},
    {"RIGIDWALL_GEOMETRIC_SPHERE", read_rigidwall_geometric, kIdOption | kDisplayOption | kMotionOption},
    {"CONSTRAINED_NODAL_RIGID_BODY", read_constrained_nodal_rigid_body, kTitleOption},
    {"CONSTRAINED_NODAL_RIGID_BODY_INERTIA", read_constrained_nodal_rigid_body, kTitleOption},
    {"CONSTRAINED_SPOTWELD", read_constrained_spotweld, kIdOption},
    {"CONSTRAINED_EXTRA_NODES_NODE", read_constrained_extra_nodes, 0},
    {"CONSTRAINED_EXTRA_NODES_SET", read_constrained_extra_nodes, 0},
    {"CONSTRAINED_RIGID_BODIES", read_constrained_rigid_bodies, 0},
    {"CONSTRAINED_GENERALIZED_WELD_SPOT", read_constrained_generalized_weld_spot, kIdOption},
    {"CONTACT_AUTOMATIC_SINGLE_SURFACE", read_contact_single_surface, kIdOption | kTitleOption | kMppOption},
    {"CONTACT_SINGLE_SURFACE", read_contact_single_surface, kIdOption | kTitleOption | kMppOption},
    {"CONTACT_AUTOMATIC_SURFACE_TO_SURFACE", read_contact_surface_to_surface, kIdOption | kTitleOption | kMppOption},
    {"CONTACT_SURFACE_TO_SURFACE", read_contact_surface_to_surface, kIdOption | kTitleOption | kMppOption},
    {"CONTACT_AUTOMATIC_SURFACE_TO_SURFACE_TIEBREAK", read_contact_surface_to_surface_tiebreak,
     kIdOption | kTitleOption | kMppOption},
    {"CONTACT_AUTOMATIC_NODES_TO_SURFACE", read_contact_nodes_to_surface, kIdOption | kTitleOption | kMppOption},
    {"CONTACT_TIED_NODES_TO_SURFACE", read_contact_tied, kIdOption | kTitleOption | kMppOption},
    {"CONTACT_TIED_NODES_TO_SURFACE_OFFSET", read_contact_tied, kIdOption | kTitleOption | kMppOption},
    {"CONTACT_TIED_NODES_TO_SURFACE_CONSTRAINED_OFFSET", read_contact_tied, kIdOption | kTitleOption | kMppOption},
    {"CONTACT_TIED_SURFACE_TO_SURFACE", read_contact_tied, kIdOption | kTitleOption | kMppOption},
    {"CONTACT_TIED_SURFACE_TO_SURFACE_OFFSET", read_contact_tied, kIdOption | kTitleOption | kMppOption},
    {"CONTACT_TIED_SURFACE_TO_SURFACE_CONSTRAINED_OFFSET", read_contact_tied, kIdOption | kTitleOption | kMppOption},
    {"CONTACT_TIED_SHELL_EDGE_TO_SURFACE", read_contact_tied, kIdOption | kTitleOption | kMppOption},
    {"CONTACT_TIED_SHELL_EDGE_TO_SURFACE_OFFSET", read_contact_tied, kIdOption | kTitleOption | kMppOption},
    {"CONTACT_TIED_SHELL_EDGE_TO_SURFACE_BEAM_OFFSET", read_contact_tied, kIdOption | kTitleOption | kMppOption},
    {"CONTACT_TIED_SHELL_EDGE_TO_SURFACE_CONSTRAINED_OFFSET", read_contact_tied, kIdOption | kTitleOption | kMppOption},
    {"CONTACT_NODES_TO_SURFACE", read_contact_nodes_to_surface, kIdOption | kTitleOption | kMppOption},
    {"CONTROL_ACCURACY", read_control_accuracy, 0},
    {"CONTROL_BULK_VISCOSITY", read_control_bulk_viscosity, 0},
    {"CONTROL_CONTACT", read_control_contact, 0},
    {"CONTROL_HOURGLASS", read_control_hourglass, 0},
    {"CONTROL_SHELL", read_control_shell, 0},
    {"CONTROL_DYNAMIC_RELAXATION", read_control_dynamic_relaxation, 0},
    {"CONTROL_DAMPING", read_control_dynamic_relaxation, 0},
    {"CONTROL_TERMINATION", read_control_termination, 0},
    {"CONTROL_MPP_DECOMPOSITION_REDECOMPOSITION", read_control_mpp_decomposition_redecomposition, 0},
    {"CONTROL_TIMESTEP", read_control_timestep, 0},
    {"DATABASE_GLSTAT", read_database_interval<&Controls::glstat_dt>, 0},
    {"DATABASE_MATSUM", read_database_interval<&Controls::matsum_dt>, 0},
    {"DATABASE_RWFORC", read_database_interval<&Controls::rwforc_dt>, 0},
    {"DATABASE_RCFORC", read_database_interval<&Controls::rcforc_dt>, 0},
    {"DATABASE_BINARY_D3PLOT", read_database_binary_d3plot, 0},
    {"DATABASE_NODOUT", read_database_interval<&Controls::nodout_dt>, 0},
    {"DATABASE_HISTORY_NODE", read_database_history_node, 0},
};

// "MAT_ELASTIC_TITLE" -> MAT_ELASTIC with title; each suffix at most once,
// in any order and anywhere after the first word (LS-DYNA writes both
// _MOVING_ID and _ID_MOVING, LS-PrePost *CONTACT_TIED_SHELL_EDGE_TO_SURFACE_ID_BEAM_OFFSET_MPP).
std::vector<std::string> keyword_words(const std::string& text) {
  std::vector<std::string> out;
  for (std::size_t pos = 0; pos <= text.size();) {
    const std::size_t end = std::min(text.find('_', pos), text.size());
    out.push_back(text.substr(pos, end - pos));
    pos = end + 1;
  }
  return out;
}

// `given`: the keyword's words (keyword_words), split once for every spec.
bool match_keyword(const std::vector<std::string>& given, const KeywordSpec& spec, KeywordOptions& options) {
  const std::string_view first(spec.base, std::strcspn(spec.base, "_"));
  if (given.front() != first) return false;
  const std::vector<std::string> base = keyword_words(spec.base);
  options = KeywordOptions{};
  std::size_t matched = 1;
  unsigned seen = 0;
  for (std::size_t i = 1; i < given.size(); ++i) {
    if (matched < base.size() && given[i] == base[matched]) {
      ++matched;
      continue;
    }
    const std::string& suffix = given[i];
    unsigned bit = 0;
    if (suffix == "TITLE") bit = kTitleOption;
    if (suffix == "ID") bit = kIdOption;
    if (suffix == "MOVING") bit = kMovingOption;
    if (suffix == "DISPLAY") bit = kDisplayOption;
    if (suffix == "MOTION") bit = kMotionOption;
    if (suffix == "MPP") bit = kMppOption;
    if (bit == 0 || (spec.options & bit) == 0 || (seen & bit) != 0) return false;
    seen |= bit;
  }
  if (matched != base.size()) return false;
  options.title = (seen & kTitleOption) != 0;
  options.id = (seen & kIdOption) != 0;
  options.moving = (seen & kMovingOption) != 0;
  options.display = (seen & kDisplayOption) != 0;
  options.motion = (seen & kMotionOption) != 0;
  options.mpp = (seen & kMppOption) != 0;
  return true;
}

// The keyword name of a '*' line: up to the first blank or comma, upper case.
std::string keyword_name(const std::string& line) {
  std::string name;
  for (std::size_t i = 1; i < line.size(); ++i) {
    const char c = line[i];
    if (c == ' ' || c == '\t' || c == ',') break;
    name.push_back(static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
  }
  return name;
}

// One file name a card; several cards are read in order (LS-PrePost and
// hand-made decks list them under one *INCLUDE). One whose names are all
// commented out includes nothing, as LS-DYNA reads it.
void read_include(KeywordCards& cards, DeckStream& stream, ReaderState& state) {
  const Card* first = cards.next();
  if (first == nullptr) {
    state.warn(cards.keyword_line(), "*INCLUDE names no file (its cards are comments): nothing included");
    return;
  }
  if (trim(first->text).empty()) throw InputError(first->where(), "*INCLUDE: the file name is blank");
  std::vector<std::pair<std::string, SourceLine>> files{{std::string(trim(first->text)), first->where()}};
  while (const Card* card = cards.next()) {
    if (!card->blank()) files.emplace_back(std::string(trim(card->text)), card->where());
  }
  stream.include_all(files);
}

// The id a skipped *SECTION_... or *MAT_... card defines (its first field,
// after the title card of _TITLE), so that a part using it is told why.
void remember_skipped_definition(KeywordCards& cards, const std::string& name, ReaderState& state) {
  const bool section = name.rfind("SECTION_", 0) == 0;
  if (!section && name.rfind("MAT_", 0) != 0) return;
  const bool titled = name.size() > 6 && name.compare(name.size() - 6, 6, "_TITLE") == 0;
  try {
    if (titled) cards.require("the title card");
    const Card& card = cards.require("card 1");
    const GlobalId id = CardFields(card, cards.keyword(), kStandardLayout).integer(1, section ? "SECID" : "MID");
    (section ? state.skipped_sections : state.skipped_materials).emplace(id, SkippedDefinition{"*" + name, card.where()});
  } catch (const InputError&) {
    // Not an id minicrash can read: the part's own message stays.
  }
}

Model read_stream(std::unique_ptr<std::istream> input, const std::string& name, std::ostream& warnings,
                  const DeckReadOptions& options) {
  DeckStream stream(std::move(input), name);
  ReaderState state(warnings, stream);
  stream.use_parameters(&state.parameters);
  Card line;
  for (;;) {
    const DeckStream::LineKind kind = stream.next(line);
    if (kind == DeckStream::LineKind::DeckEnd) break;
    if (kind == DeckStream::LineKind::FileEnd) continue;
    if (kind == DeckStream::LineKind::Card) {
      if (line.blank()) continue;
      throw InputError(line.where(), "data card '" + printable(trim(line.text)) +
                                         "' outside any keyword (a '*' keyword line missing?)");
    }
    const std::string name_upper = keyword_name(line.text);
    if (name_upper.empty()) throw InputError(line.where(), "a '*' with no keyword name");
    if (name_upper == "END") {
      stream.end_current_file();
      continue;
    }
    KeywordCards cards(stream, "*" + name_upper, line);
    if (name_upper == "INCLUDE") {
      read_include(cards, stream, state);
      continue;
    }
    if (name_upper == "INCLUDE_PATH" || name_upper == "INCLUDE_PATH_RELATIVE") {
      while (const Card* card = cards.next()) {
        if (!card->blank()) stream.add_include_path(std::string(trim(card->text)));
      }
      continue;
    }
    if (name_upper.rfind("DEFINE_CURVE", 0) != 0) check_no_open_table(state, "*" + name_upper, line.where());
    bool known = false;
    const std::vector<std::string> words = keyword_words(name_upper);
    for (const KeywordSpec& spec : kKeywords) {
      KeywordOptions suffixes;
      if (match_keyword(words, spec, suffixes)) {
        spec.handler(cards, suffixes, state);
        known = true;
        break;
      }
    }
    if (!known) {
      if (changes_the_answer(name_upper)) {
        state.warn(line.where(), "*" + name_upper + " is not supported (it changes the answer)");
        state.unsupported.add(name_upper, line.where());
        remember_skipped_definition(cards, name_upper, state);
      } else {
        state.warn(line.where(), "*" + name_upper + " is not supported; skipped (no effect on the motion)");
      }
      cards.skip_rest();
    }
  }
  check_no_open_table(state, "the deck's end", {});
  check_contact_thickness_change(state);
  check_part_contact_values(state);
  state.model.deck_end = stream.position();
  const UnsupportedKeywords& unsupported = state.unsupported;
  if (!unsupported.empty() && !options.allow_unsupported) {
    const IgnoredKeyword& first = unsupported.list().front();
    throw InputError(first.first, "the deck uses keywords minicrash does not support, and they change the answer "
                                  "(--allow-unsupported runs without them):\n" +
                                      unsupported.lines().substr(0, unsupported.lines().size() - 1));
  }
  try {
    resolve_integration_rules(state);
    leave_out_parts(state);
    resolve_references(state);
    leave_out_motions_of_left_out_parts(state);
    validate_model(state.model);
    state.model.ignored_keywords = unsupported.list();  // with what was left out for them
  } catch (const InputError& e) {
    // The missing thing may be what an ignored keyword defined: name the cause.
    if (unsupported.empty()) throw;
    throw InputError(std::string(e.what()) + "\n  (this run ignores, by --allow-unsupported:\n" +
                     unsupported.lines() + "  )");
  }
  return std::move(state.model);
}

}  // namespace

std::string read_title_card(KeywordCards& cards, const char* what) {
  const Card& card = cards.require(what);
  return std::string(trim(card.text));
}

void duplicate_id(const std::string& what, GlobalId id, const SourceLine& where, const SourceLine& first) {
  throw InputError(where, what + " " + std::to_string(id) + " is defined twice (first at " + first.file +
                              ":" + std::to_string(first.line) + ")");
}

Model read_deck(const std::string& path, std::ostream& warnings, const DeckReadOptions& options) {
  auto file = std::make_unique<std::ifstream>(path, std::ios::binary);
  if (!file->is_open()) throw InputError("cannot open deck '" + path + "'");
  return read_stream(std::move(file), path, warnings, options);
}

Model read_deck_string(const std::string& text, const std::string& name, std::ostream& warnings,
                       const DeckReadOptions& options) {
  return read_stream(std::make_unique<std::istringstream>(text), name, warnings, options);
}

}  // namespace mc
