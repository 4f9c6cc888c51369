// Sets given by rules instead of lists: *SET_NODE_LIST_GENERATE and
// *SET_PART_LIST_GENERATE (id ranges: "B1BEG B1END B2BEG B2END ...", every
// defined id in each range) and *SET_NODE_GENERAL (ALL, NODE n1 ..., PART
// p1 ...: every node, the nodes listed, the nodes of the parts' shells). The
// rules are kept while the deck is read and expanded once it is all read
// (the nodes and parts they name may come later), before any set is used.
#include <algorithm>
#include <cctype>

#include "io/deck/card_fields.hpp"
#include "io/deck/input_error.hpp"
#include "io/deck/keyword_handlers.hpp"

namespace mc {

GlobalId read_set_id(KeywordCards& cards, const KeywordOptions& options, const char* what,
                     std::map<GlobalId, std::vector<GlobalId>>& sets, std::map<GlobalId, SourceLine>& set_where) {
  if (options.title) read_title_card(cards, "the title card");
  const Card& card = cards.require("card 1 (SID DA1 DA2 DA3 DA4 SOLVER)");
  const CardFields fields(card, cards.keyword(), kStandardLayout);
  const GlobalId id = fields.id(1, "SID");
  if (const auto found = set_where.find(id); found != set_where.end()) duplicate_id(what, id, card.where(), found->second);
  set_where.emplace(id, card.where());
  sets[id];  // defined: filled by the list's cards or expand_generated_sets
  return id;
}

namespace {

// The defined ids within [first, last] of a sorted list.
void add_range(const std::vector<GlobalId>& defined, GlobalId first, GlobalId last, std::vector<GlobalId>& out) {
  const auto from = std::lower_bound(defined.begin(), defined.end(), first);
  const auto to = std::upper_bound(from, defined.end(), last);
  out.insert(out.end(), from, to);
}

}  // namespace

void read_set_list_generate(KeywordCards& cards, const KeywordOptions& options, ReaderState& state) {
  const bool of_nodes = cards.keyword().rfind("*SET_NODE", 0) == 0;
  GeneratedSet set;
  set.of_nodes = of_nodes;
  set.keyword = cards.keyword();
  set.id = of_nodes ? read_set_id(cards, options, "node set", state.model.node_sets, state.model.node_set_where)
                    : read_set_id(cards, options, "part set", state.model.part_sets, state.model.part_set_where);
  static const char* const kNames[] = {"B1BEG", "B1END", "B2BEG", "B2END", "B3BEG", "B3END", "B4BEG", "B4END"};
  while (const Card* card = cards.next()) {
    if (card->blank()) continue;
    const CardFields fields(*card, cards.keyword(), kStandardLayout);
    for (int pair = 0; pair < 4; ++pair) {
      const GlobalId first = fields.integer(2 * pair + 1, kNames[2 * pair]);
      const GlobalId last = fields.integer(2 * pair + 2, kNames[2 * pair + 1]);
      if (first == 0 && last == 0) continue;
      if (first <= 0 || last < first)
        fields.fail(2 * pair + 2, kNames[2 * pair + 1],
                    "the range " + std::to_string(first) + " to " + std::to_string(last) +
                        " must start at a positive id and not end before it");
      set.rules.push_back({SetRule::Kind::Range, {first, last}});
    }
  }
  state.generated_sets.push_back(std::move(set));
}

void read_set_node_general(KeywordCards& cards, const KeywordOptions& options, ReaderState& state) {
  GeneratedSet set;
  set.of_nodes = true;
  set.keyword = cards.keyword();
  set.id = read_set_id(cards, options, "node set", state.model.node_sets, state.model.node_set_where);
  static const char* const kNames[] = {"E1", "E2", "E3", "E4", "E5", "E6", "E7"};
  while (const Card* card = cards.next()) {
    if (card->blank()) continue;
    const CardFields fields(*card, cards.keyword(), kStandardLayout);
    std::string option(trim(fields.raw(1)));
    for (char& c : option) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    SetRule rule;
    if (option == "ALL") rule.kind = SetRule::Kind::All;
    else if (option == "NODE") rule.kind = SetRule::Kind::Members;
    else if (option == "PART") rule.kind = SetRule::Kind::PartNodes;
    else {
      // BOX, SHELL, SEGMENT, the D... deletions: they pick nodes minicrash
      // would have to guess; the set would be wrong without them.
      state.unsupported_option(cards.keyword(), "OPTION " + option, card->where());
      continue;
    }
    for (int i = 0; i < 7; ++i) {
      const GlobalId id = fields.integer(i + 2, kNames[i]);
      if (id < 0) fields.fail(i + 2, kNames[i], "id must be positive");
      if (id > 0) rule.ids.push_back(id);
    }
    set.rules.push_back(std::move(rule));
  }
  state.generated_sets.push_back(std::move(set));
}

void expand_generated_sets(ReaderState& state) {
  if (state.generated_sets.empty()) return;
  Model& m = state.model;
  std::vector<GlobalId> nodes, parts;
  for (const Node& node : m.nodes) nodes.push_back(node.id);
  for (const auto& [id, part] : m.parts) parts.push_back(id);
  nodes = sorted_unique(std::move(nodes));
  for (const GeneratedSet& set : state.generated_sets) {
    std::vector<GlobalId>& members = (set.of_nodes ? m.node_sets : m.part_sets)[set.id];
    const SourceLine& where = (set.of_nodes ? m.node_set_where : m.part_set_where).at(set.id);
    for (const SetRule& rule : set.rules) {
      switch (rule.kind) {
        case SetRule::Kind::Range:
          add_range(set.of_nodes ? nodes : parts, rule.ids[0], rule.ids[1], members);
          break;
        case SetRule::Kind::All:
          members.insert(members.end(), nodes.begin(), nodes.end());
          break;
        case SetRule::Kind::Members:
          members.insert(members.end(), rule.ids.begin(), rule.ids.end());
          break;
        case SetRule::Kind::PartNodes: {
          for (GlobalId part : rule.ids)  // a part left out (--allow-unsupported) has no shells: no nodes
            if (m.parts.count(part) == 0 && state.left_out_parts.count(part) == 0)
              throw InputError(where, set.keyword + ": PART " + std::to_string(part) + " is not defined");
          const std::vector<GlobalId> wanted = sorted_unique(rule.ids);
          for (const Shell& shell : m.shells)
            if (std::binary_search(wanted.begin(), wanted.end(), shell.part))
              members.insert(members.end(), shell.nodes.begin(), shell.nodes.end());
          break;
        }
      }
    }
    members = sorted_unique(std::move(members));
  }
}

}  // namespace mc
