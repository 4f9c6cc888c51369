// Mesh keywords: *NODE, *ELEMENT_SHELL(_THICKNESS), *PART, *SECTION_SHELL, *SET_NODE_LIST,
// *SET_PART_LIST, *SET_SHELL_LIST, *SET_SEGMENT, *DATABASE_HISTORY_NODE.
#include <algorithm>
#include <cmath>

#include "io/deck/card_fields.hpp"
#include "io/deck/keyword_handlers.hpp"

namespace mc {

namespace {

// *NODE TC/RC: 1 x, 2 y, 3 z, 4 x+y, 5 y+z, 6 z+x, 7 all three.
std::array<bool, 3> constrained_axes(int code) {
  static constexpr std::array<std::array<bool, 3>, 8> kAxes{{{false, false, false},
                                                             {true, false, false},
                                                             {false, true, false},
                                                             {false, false, true},
                                                             {true, true, false},
                                                             {false, true, true},
                                                             {true, false, true},
                                                             {true, true, true}}};
  return kAxes[static_cast<std::size_t>(code)];
}

int constraint_code(const CardFields& fields, int field, const char* name) {
  const int code = fields.option(field, name);
  if (code < 0 || code > 7) {
    fields.fail(field, name, "constraint code " + std::to_string(code) + " is not in 0..7");
  }
  return code;
}

// The ids on a list card of a *SET_*: eight 10-wide fields, zero or blank
// entries skipped.
void read_set_members(KeywordCards& cards, const char* member_name, std::vector<GlobalId>& members) {
  while (const Card* card = cards.next()) {
    if (card->blank()) continue;
    const CardFields fields(*card, cards.keyword(), kStandardLayout);
    for (int i = 1; i <= 8; ++i) {
      const GlobalId member = fields.integer(i, member_name);
      if (member < 0) {
        fields.fail(i, member_name, "id " + std::to_string(member) + " must be positive (ranges are not supported)");
      }
      if (member != 0) members.push_back(member);
    }
  }
}

}  // namespace

void read_node(KeywordCards& cards, const KeywordOptions&, ReaderState& state) {
  while (const Card* card = cards.next()) {
    if (card->blank()) continue;
    const CardFields fields(*card, cards.keyword(), kNodeLayout);
    Node node;
    node.id = fields.id(1, "NID");
    node.x = {fields.real(2, "X"), fields.real(3, "Y"), fields.real(4, "Z")};
    const int translation = constraint_code(fields, 5, "TC");
    const int rotation = constraint_code(fields, 6, "RC");
    if (translation != 0 || rotation != 0) {
      Spc spc;
      spc.node = node.id;
      const auto moves = constrained_axes(translation);
      const auto turns = constrained_axes(rotation);
      for (std::size_t axis = 0; axis < 3; ++axis) {
        spc.fixed[axis] = moves[axis];
        spc.fixed[axis + 3] = turns[axis];
      }
      spc.where = card->where();
      state.model.spcs.push_back(std::move(spc));
    }
    state.model.nodes.push_back(node);
    state.node_origins.push_back({card->file_index, card->line});
  }
}

// The connectivity card of *ELEMENT_SHELL(_THICKNESS).
Shell read_shell_card(const Card& card, const std::string& keyword) {
  static const char* const kNodeNames[] = {"N1", "N2", "N3", "N4", "N5", "N6", "N7", "N8"};
  const CardFields fields(card, keyword, kElementLayout);
  Shell shell;
  shell.id = fields.id(1, "EID");
  shell.part = fields.id(2, "PID");
  for (int i = 0; i < 3; ++i) shell.nodes[static_cast<std::size_t>(i)] = fields.id(3 + i, kNodeNames[i]);
  const GlobalId n4 = fields.integer(6, "N4");
  if (n4 < 0) fields.fail(6, "N4", "node id " + std::to_string(n4) + " must be positive");
  shell.nodes[3] = n4 == 0 ? shell.nodes[2] : n4;  // blank N4: triangle
  for (int i = 7; i <= 10; ++i) {
    if (fields.integer(i, kNodeNames[i - 3]) != 0) {
      fields.fail(i, kNodeNames[i - 3], "only 3- and 4-node shells are supported");
    }
  }
  shell.where = card.where();
  return shell;
}

void read_element_shell(KeywordCards& cards, const KeywordOptions&, ReaderState& state) {
  while (const Card* card = cards.next()) {
    if (card->blank()) continue;
    state.model.shells.push_back(read_shell_card(*card, cards.keyword()));
  }
}

// *ELEMENT_SHELL_THICKNESS: each element card is followed by THIC1..THIC4
// and BETA (16 columns each). The Belytschko-Tsay shell has one thickness,
// the mean of its distinct corners' (LS-DYNA and OpenRadioss average them
// the same way); all corners 0 keeps the section's. BETA, a material
// direction, has no effect on isotropic materials.
void read_element_shell_thickness(KeywordCards& cards, const KeywordOptions&, ReaderState& state) {
  static constexpr FieldLayout kThicknessLayout{{16, 16, 16, 16, 16}, 5};
  static const char* const kNames[] = {"THIC1", "THIC2", "THIC3", "THIC4"};
  while (const Card* card = cards.next()) {
    if (card->blank()) continue;
    Shell shell = read_shell_card(*card, cards.keyword());
    const Card& corners = cards.require("card 2 (THIC1 THIC2 THIC3 THIC4 BETA)");
    const CardFields fields(corners, cards.keyword(), kThicknessLayout);
    const int distinct = shell.nodes[3] == shell.nodes[2] ? 3 : 4;
    double sum = 0;
    int given = 0;
    for (int c = 0; c < 4; ++c) {
      const double t = fields.real(c + 1, kNames[c]);
      if (t < 0) fields.fail(c + 1, kNames[c], "thickness must not be negative");
      if (c < distinct) {
        sum += t;
        given += t > 0;
      }
    }
    if (given != 0 && given != distinct) {
      fields.fail(1, "THIC1", "give all " + std::to_string(distinct) +
                                  " corner thicknesses of a " + (distinct == 3 ? "triangle" : "quadrilateral") +
                                  " or none (0: the section's)");
    }
    shell.thickness = sum / distinct;
    state.model.shells.push_back(std::move(shell));
  }
}

// *ELEMENT_MASS(_NODE_SET): EID, NID (or NSID), MASS, PID in 8, 8, 16, 8
// columns. PID only names the mass for LS-DYNA's output: the mass counts to
// its node's part here.
void read_element_mass(KeywordCards& cards, const KeywordOptions&, ReaderState& state) {
  static constexpr FieldLayout kMassLayout{{8, 8, 16, 8}, 4};
  const bool node_set = cards.keyword().find("NODE_SET") != std::string::npos;
  while (const Card* card = cards.next()) {
    if (card->blank()) continue;
    const CardFields fields(*card, cards.keyword(), kMassLayout);
    PointMass mass;
    mass.id = fields.id(1, "EID");
    const GlobalId target = fields.id(2, node_set ? "NSID" : "NID");
    mass.mass = fields.real(3, "MASS");
    if (mass.mass < 0) fields.fail(3, "MASS", "mass must not be negative");
    mass.where = card->where();
    if (node_set) {
      state.mass_sets.push_back({mass, target, cards.keyword()});
      continue;
    }
    mass.node = target;
    state.model.point_masses.push_back(mass);
  }
}

// *ELEMENT_INERTIA(_OFFSET): EID NID CSID (8 columns each), then IXX IXY IXZ
// IYY IYZ IZZ MASS, then (_OFFSET) X-OFF Y-OFF Z-OFF. A node's rotations
// have one scalar inertia here, so an isotropic tensor (IXX = IYY = IZZ, no
// products; CSID then changes nothing) is its whole effect; another tensor,
// or a mass offset from its node, is an unsupported option (run with the
// mean of IXX, IYY, IZZ and no offset).
void read_element_inertia(KeywordCards& cards, const KeywordOptions&, ReaderState& state) {
  static constexpr FieldLayout kIdsLayout{{8, 8, 8}, 3};
  const bool offset = cards.keyword().find("OFFSET") != std::string::npos;
  while (const Card* card = cards.next()) {
    if (card->blank()) continue;
    const CardFields ids(*card, cards.keyword(), kIdsLayout);
    PointMass mass;
    mass.id = ids.id(1, "EID");
    mass.node = ids.id(2, "NID");
    ids.integer(3, "CSID");
    mass.where = card->where();
    const Card& tensor_card = cards.require("card 2 (IXX IXY IXZ IYY IYZ IZZ MASS)");
    const CardFields tensor(tensor_card, cards.keyword(), kStandardLayout);
    const double ixx = tensor.real(1, "IXX"), iyy = tensor.real(4, "IYY"), izz = tensor.real(6, "IZZ");
    if (ixx < 0) tensor.fail(1, "IXX", "inertia must not be negative");
    if (iyy < 0) tensor.fail(4, "IYY", "inertia must not be negative");
    if (izz < 0) tensor.fail(6, "IZZ", "inertia must not be negative");
    mass.mass = tensor.real(7, "MASS");
    if (mass.mass < 0) tensor.fail(7, "MASS", "mass must not be negative");
    const bool products = tensor.real(2, "IXY") != 0 || tensor.real(3, "IXZ") != 0 || tensor.real(5, "IYZ") != 0;
    if (products || ixx != iyy || iyy != izz)
      state.unsupported_option(cards.keyword(), "an anisotropic inertia tensor", tensor_card.where());
    mass.rotary = (ixx + iyy + izz) / 3;
    if (offset) {
      const Card& offsets = cards.require("card 3 (X-OFF Y-OFF Z-OFF)");
      const CardFields xyz(offsets, cards.keyword(), kStandardLayout);
      if (xyz.real(1, "X-OFF") != 0 || xyz.real(2, "Y-OFF") != 0 || xyz.real(3, "Z-OFF") != 0)
        state.unsupported_option(cards.keyword(), "a mass offset from its node", offsets.where());
    }
    state.model.point_masses.push_back(mass);
  }
}

GlobalId read_part_cards(KeywordCards& cards, ReaderState& state) {
  Part part;
  part.title = read_title_card(cards, "the part heading card");
  const Card& card = cards.require("card 2 (PID SECID MID EOSID HGID)");
  const CardFields fields(card, cards.keyword(), kStandardLayout);
  part.id = fields.id(1, "PID");
  part.section = fields.id(2, "SECID");
  part.material = fields.id(3, "MID");
  if (const std::int64_t eos = fields.integer(4, "EOSID"); eos != 0)  // before the section is known
    state.warn(card.where(), "part " + std::to_string(part.id) + ": EOSID " + std::to_string(eos) +
                                 " ignored (an equation of state acts on solids; minicrash runs shells)");
  part.hourglass = fields.integer(5, "HGID");
  if (part.hourglass < 0) fields.fail(5, "HGID", "id must not be negative");
  part.where = card.where();
  if (const auto found = state.model.parts.find(part.id); found != state.model.parts.end()) {
    duplicate_id("part", part.id, part.where, found->second.where);
  }
  const GlobalId id = part.id;
  state.model.parts.emplace(id, std::move(part));
  return id;
}

void read_part(KeywordCards& cards, const KeywordOptions&, ReaderState& state) {
  // Card pairs (heading, ids) may repeat under one *PART.
  do read_part_cards(cards, state);
  while (cards.has_more());
}

void read_section_shell(KeywordCards& cards, const KeywordOptions& options, ReaderState& state) {
  do {
    if (options.title) read_title_card(cards, "the title card");
    const Card& card1 = cards.require("card 1 (SECID ELFORM SHRF NIP PROPT QR ICOMP SETYP)");
    Section section;
    section.where = card1.where();
    {
      const CardFields fields(card1, cards.keyword(), kStandardLayout);
      section.id = fields.id(1, "SECID");
      section.elform = fields.option(2, "ELFORM");
      if (section.elform == 0) section.elform = 2;  // LS-DYNA's default formulation
      // Listed with the other unsupported physics; --allow-unsupported runs
      // the section as Belytschko-Tsay, the only formulation there is.
      if (section.elform != 2) {
        state.unsupported_option(cards.keyword(), "ELFORM " + std::to_string(section.elform), card1.where());
        section.elform = 2;
      }
      const double shear_factor = fields.real(3, "SHRF");
      section.shear_factor = shear_factor == 0.0 ? 1.0 : shear_factor;  // LS-DYNA default 1.0
      section.nip = fields.option(4, "NIP", 2);
      if (section.nip == 0) section.nip = 2;  // LS-DYNA: NIP 0 means the default, 2
      // LS-DYNA: 0 Gauss (Lobatto with INTGRD 1), 1 trapezoidal, < 0 the
      // *INTEGRATION_SHELL rule -QR (resolved once the deck is read).
      const double rule = fields.real(6, "QR/IRID");
      if (rule != 0 && rule != 1 && !(rule < 0 && rule == std::floor(rule)))
        fields.fail(6, "QR/IRID", "must be 0 (Gauss), 1 (trapezoidal) or a rule id below 0");
      section.rule = static_cast<int>(rule);
      if (section.rule == 1 && section.nip < 2) fields.fail(4, "NIP", "the trapezoidal rule (QR 1) needs 2 or more points");
      if (fields.option(7, "ICOMP") != 0) fields.fail(7, "ICOMP", "composite shells are not supported");
    }
    const Card& card2 = cards.require("card 2 (T1 T2 T3 T4 NLOC)");
    const CardFields fields(card2, cards.keyword(), kStandardLayout);
    static const char* const kThicknessNames[] = {"T1", "T2", "T3", "T4"};
    double corner[4];
    for (int i = 0; i < 4; ++i) {
      corner[i] = fields.real(i + 1, kThicknessNames[i]);
      if (corner[i] < 0.0) fields.fail(i + 1, kThicknessNames[i], "thickness must not be negative");
    }
    // T1 0: the elements give their own (*ELEMENT_SHELL_THICKNESS, checked
    // once the deck is read).
    if (corner[0] == 0.0 && (corner[1] > 0.0 || corner[2] > 0.0 || corner[3] > 0.0)) {
      fields.fail(1, "T1", "T1 is 0 but T2..T4 are given (section " + std::to_string(section.id) + ")");
    }
    // Corner thicknesses left at 0 take T1; the element uses their mean.
    double sum = 0.0;
    for (double t : corner) sum += t == 0.0 ? corner[0] : t;
    section.thickness = sum / 4.0;
    if (fields.real(5, "NLOC") != 0.0) state.unsupported_option(cards.keyword(), "NLOC", card2.where());
    if (fields.real(6, "MAREA") != 0.0) state.unsupported_option(cards.keyword(), "MAREA", card2.where());
    if (const auto found = state.model.sections.find(section.id); found != state.model.sections.end()) {
      duplicate_id("section", section.id, section.where, found->second.where);
    }
    state.model.sections.emplace(section.id, std::move(section));
  } while (cards.has_more());
}

namespace {

void read_set(KeywordCards& cards, const KeywordOptions& options, const char* what, const char* member_name,
              std::map<GlobalId, std::vector<GlobalId>>& sets, std::map<GlobalId, SourceLine>& set_where) {
  const GlobalId id = read_set_id(cards, options, what, sets, set_where);
  read_set_members(cards, member_name, sets[id]);
}

}  // namespace

void read_set_node_list(KeywordCards& cards, const KeywordOptions& options, ReaderState& state) {
  read_set(cards, options, "node set", "NID", state.model.node_sets, state.model.node_set_where);
}

void read_set_part_list(KeywordCards& cards, const KeywordOptions& options, ReaderState& state) {
  read_set(cards, options, "part set", "PID", state.model.part_sets, state.model.part_set_where);
}

void read_set_shell_list(KeywordCards& cards, const KeywordOptions& options, ReaderState& state) {
  read_set(cards, options, "shell set", "EID", state.shell_sets, state.shell_set_where);
}

// *SET_SEGMENT: a segment a card, N1 N2 N3 N4 (N4 blank or 0: a triangle,
// stored as N3 twice, as *ELEMENT_SHELL stores it); the attributes A1-A4
// carry nothing minicrash uses.
void read_set_segment(KeywordCards& cards, const KeywordOptions& options, ReaderState& state) {
  const GlobalId id = read_set_id(cards, options, "segment set", state.segment_sets, state.segment_set_where);
  std::vector<GlobalId>& corners = state.segment_sets[id];
  std::vector<SourceLine>& lines = state.segment_lines[id];
  static const char* const kNames[] = {"N1", "N2", "N3", "N4"};
  while (const Card* card = cards.next()) {
    if (card->blank()) continue;
    const CardFields fields(*card, cards.keyword(), kStandardLayout);
    GlobalId n[4];
    for (int i = 0; i < 4; ++i) {
      n[i] = fields.integer(i + 1, kNames[i]);
      if (n[i] < 0 || (n[i] == 0 && i < 3)) fields.fail(i + 1, kNames[i], "a segment's node id must be positive");
    }
    if (n[3] == 0) n[3] = n[2];
    corners.insert(corners.end(), n, n + 4);
    lines.push_back(card->where());
  }
}

// *DATABASE_HISTORY_NODE: nodout's nodes, eight to a card; several
// keywords add to one list (each node once, as LS-DYNA lists it).
void read_database_history_node(KeywordCards& cards, const KeywordOptions&, ReaderState& state) {
  Controls& c = state.model.controls;
  if (c.history_nodes.empty()) c.history_nodes_where = cards.keyword_line();
  std::vector<GlobalId> nodes;
  read_set_members(cards, "NID", nodes);
  for (GlobalId n : nodes)
    if (std::find(c.history_nodes.begin(), c.history_nodes.end(), n) == c.history_nodes.end())
      c.history_nodes.push_back(n);
}

}  // namespace mc
