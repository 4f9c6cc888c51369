// A contact's sides as the solver takes them, once the whole deck is read:
// parts (a part, a part set or all of them), a slave node set (nodes to
// surface), or shells (a segment set or a shell set), each checked against
// what the deck defines.
#include <algorithm>
#include <array>
#include <map>

#include "io/deck/input_error.hpp"
#include "io/deck/keyword_handlers.hpp"

namespace mc {

namespace {

// A contact side as a part list: a part (type 3), a part set (2) or all (5).
void resolve_contact_side(const Model& model, const ContactSide& side, const SourceLine& where,
                          const std::string& keyword, std::vector<GlobalId>& parts, bool& all) {
  all = side.type == 5;
  if (all) return;
  if (side.type == 3) {
    if (model.parts.count(side.id) == 0)
      throw InputError(where, keyword + ": part " + std::to_string(side.id) + " is not defined");
    parts = {side.id};
    return;
  }
  const auto found = model.part_sets.find(side.id);
  if (found == model.part_sets.end())
    throw InputError(where, keyword + ": part set " + std::to_string(side.id) + " is not defined");
  for (GlobalId part : found->second)
    if (model.parts.count(part) == 0)
      throw InputError(where, keyword + ": part " + std::to_string(part) + " of part set " +
                                  std::to_string(side.id) + " is not defined");
  parts = sorted_unique(found->second);
}

// A slave node set (nodes to surface, SSTYP 4): the nodes, and as the slave
// parts the parts of their shells, which give them their contact thickness.
// With parts left out (--allow-unsupported), nodes on no shell were theirs
// and are no slaves; false where none is left.
bool resolve_slave_node_set(ReaderState& state, const ContactSide& side, const SourceLine& where,
                            const std::string& keyword, ContactInterface& c) {
  const Model& model = state.model;
  const auto set = model.node_sets.find(side.id);
  if (set == model.node_sets.end())
    throw InputError(where, keyword + ": node set " + std::to_string(side.id) + " is not defined");
  c.slave_nodes = sorted_unique(set->second);
  std::vector<char> on_shell(c.slave_nodes.size(), 0);
  for (const Shell& shell : model.shells)
    for (GlobalId node : shell.nodes) {
      const auto it = std::lower_bound(c.slave_nodes.begin(), c.slave_nodes.end(), node);
      if (it == c.slave_nodes.end() || *it != node) continue;
      on_shell[static_cast<std::size_t>(it - c.slave_nodes.begin())] = 1;
      c.slave_parts.push_back(shell.part);
    }
  std::vector<GlobalId> slaves;
  for (std::size_t i = 0; i < on_shell.size(); ++i) {
    if (on_shell[i]) slaves.push_back(c.slave_nodes[i]);
    else if (state.left_out_parts.empty())
      throw InputError(where, keyword + ": node " + std::to_string(c.slave_nodes[i]) + " of slave node set " +
                                  std::to_string(side.id) + " is on no shell (a slave node's contact thickness and "
                                  "stiffness come from its shells)");
  }
  if (slaves.size() < c.slave_nodes.size())
    state.warn(where, keyword + ": " + std::to_string(c.slave_nodes.size() - slaves.size()) + " nodes of slave node set " +
                          std::to_string(side.id) + " are on no shell (their elements were left out) and are no slaves");
  c.slave_nodes = std::move(slaves);
  c.slave_parts = sorted_unique(std::move(c.slave_parts));
  return !c.slave_nodes.empty();
}

using Corners = std::array<GlobalId, 4>;

// A face by its corners in any order and from either side: its distinct
// corners ascending, the last repeated to fill four (a triangle is stored
// with N4 = N3, and a segment set may repeat any corner).
Corners face_key(const GlobalId* nodes) {
  Corners key{nodes[0], nodes[1], nodes[2], nodes[3]};
  std::sort(key.begin(), key.end());
  const auto end = std::unique(key.begin(), key.end());
  std::fill(end, key.end(), *(end - 1));
  return key;
}

// The shells of the model by their faces, built on first use: segment sets
// name shells by corner nodes. Two shells on the same nodes (a doubled
// panel) make the face name both.
class ShellFaces {
 public:
  explicit ShellFaces(const Model& model) : model_(model) {}

  void shells_of(const GlobalId* corners, std::vector<GlobalId>& out) {
    if (faces_.empty())
      for (const Shell& shell : model_.shells) faces_.emplace(face_key(shell.nodes.data()), shell.id);
    const auto [from, to] = faces_.equal_range(face_key(corners));
    for (auto it = from; it != to; ++it) out.push_back(it->second);
  }

  // The first corner that is no node of the deck, or 0.
  GlobalId undefined_node(const GlobalId* corners) {
    if (nodes_.empty()) {
      for (const Node& node : model_.nodes) nodes_.push_back(node.id);
      nodes_ = sorted_unique(std::move(nodes_));
    }
    for (int c = 0; c < 4; ++c)
      if (!std::binary_search(nodes_.begin(), nodes_.end(), corners[c])) return corners[c];
    return 0;
  }

 private:
  const Model& model_;
  std::multimap<Corners, GlobalId> faces_;
  std::vector<GlobalId> nodes_;
};

// A side given as shells: a segment set (type 0), each segment the face of
// a shell (minicrash's contact surfaces are shells), or a shell set (1).
// The side's parts are the parts of its shells.
void resolve_shell_side(const ReaderState& state, const ContactSide& side, const SourceLine& where,
                        const std::string& keyword, ShellFaces& faces, std::vector<GlobalId>& shells,
                        std::vector<GlobalId>& parts) {
  const Model& model = state.model;
  if (side.type == 0) {
    const auto set = state.segment_sets.find(side.id);
    if (set == state.segment_sets.end())
      throw InputError(where, keyword + ": segment set " + std::to_string(side.id) + " is not defined");
    const std::vector<SourceLine>& lines = state.segment_lines.at(side.id);
    for (std::size_t s = 0; s < lines.size(); ++s) {
      const GlobalId* corners = set->second.data() + 4 * s;
      const std::string segment = "segment " + std::to_string(corners[0]) + " " + std::to_string(corners[1]) + " " +
                                  std::to_string(corners[2]) + " " + std::to_string(corners[3]) + " of segment set " +
                                  std::to_string(side.id) + " (" + keyword + ")";
      if (const GlobalId node = faces.undefined_node(corners))
        throw InputError(lines[s], segment + ": node " + std::to_string(node) + " is not defined");
      const std::size_t before = shells.size();
      faces.shells_of(corners, shells);
      if (shells.size() == before)
        throw InputError(lines[s], segment + " is the face of no shell (contact surfaces are shells in minicrash)");
    }
  } else {
    const auto set = state.shell_sets.find(side.id);
    if (set == state.shell_sets.end())
      throw InputError(where, keyword + ": shell set " + std::to_string(side.id) + " is not defined");
    shells = sorted_unique(set->second);
    std::vector<GlobalId> defined;
    for (const Shell& shell : model.shells) defined.push_back(shell.id);
    defined = sorted_unique(std::move(defined));
    for (GlobalId id : shells)
      if (!std::binary_search(defined.begin(), defined.end(), id))
        throw InputError(state.shell_set_where.at(side.id), keyword + ": shell " + std::to_string(id) +
                                                                 " of shell set " + std::to_string(side.id) +
                                                                 " is not defined");
  }
  shells = sorted_unique(std::move(shells));
  for (const Shell& shell : model.shells)
    if (std::binary_search(shells.begin(), shells.end(), shell.id)) parts.push_back(shell.part);
  parts = sorted_unique(std::move(parts));
}

// A side of parts that --allow-unsupported left out (a part, or a part set
// that had nothing else): the contact has nothing to run on.
bool only_left_out_parts(const ReaderState& state, const ContactSide& side) {
  if (side.type == 3) return state.left_out_parts.count(side.id) != 0;
  if (side.type != 2 || state.thinned_part_sets.count(side.id) == 0) return false;
  const auto set = state.model.part_sets.find(side.id);
  return set != state.model.part_sets.end() && set->second.empty();
}

}  // namespace

void resolve_contacts(ReaderState& state) {
  ShellFaces faces(state.model);
  std::vector<char> left_out(state.model.contacts.size(), 0);
  for (const ContactRequest& request : state.contacts) {
    ContactInterface& c = state.model.contacts[request.contact];
    const bool single = c.kind == ContactInterface::Kind::SingleSurface;
    const auto leave_out = [&]() {
      state.warn(c.where, request.keyword + " left out: a side has only parts that were left out");
      state.unsupported.add(request.keyword.substr(1) + " (left out: a side only of left-out parts)", c.where);
      left_out[request.contact] = 1;
    };
    if (only_left_out_parts(state, request.slave) || (!single && only_left_out_parts(state, request.master))) {
      leave_out();
      continue;
    }
    const auto side = [&](const ContactSide& given, std::vector<GlobalId>& parts, bool& all,
                          std::vector<GlobalId>& shells) {
      if (given.type == 0 || given.type == 1)
        resolve_shell_side(state, given, c.where, request.keyword, faces, shells, parts);
      else
        resolve_contact_side(state.model, given, c.where, request.keyword, parts, all);
    };
    if (request.slave.type != 4) side(request.slave, c.slave_parts, c.slave_all, c.slave_shells);
    else if (!resolve_slave_node_set(state, request.slave, c.where, request.keyword, c)) {
      leave_out();
      continue;
    }
    if (!single) side(request.master, c.master_parts, c.master_all, c.master_shells);
  }
  std::vector<ContactInterface> kept;
  for (std::size_t i = 0; i < left_out.size(); ++i)
    if (!left_out[i]) kept.push_back(std::move(state.model.contacts[i]));
  state.model.contacts = std::move(kept);
}

}  // namespace mc
