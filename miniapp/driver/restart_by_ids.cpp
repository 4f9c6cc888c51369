#include "miniapp/driver/restart_by_ids.hpp"

#include <algorithm>
#include <utility>

#include "decomposition/parallel/message_tags.hpp"
#include "io/deck/input_error.hpp"
#include "miniapp/driver/restart_splitter.hpp"
#include "miniapp/state/state_fields.hpp"

namespace mc {
namespace {

// Rank 0 (collective): which new ranks hold each node and element, as
// (global id, rank) pairs sorted by id, from every rank's id lists.
struct Holders {
  std::vector<std::pair<GlobalId, int>> nodes, elements;
};

Holders gather_holders(const State& state, Communicator& comm) {
  RestartWriter mine;
  mine.vec(state.nodes.ids);
  mine.vec(state.elements.ids);
  Holders h;
  if (!comm.root()) {
    comm.send(mine.bytes, 0, tags::kRestartIds);
    return h;
  }
  for (int k = 0; k < comm.size(); ++k) {
    const std::vector<char> bytes = k == 0 ? std::move(mine.bytes) : comm.recv(k, tags::kRestartIds);
    RestartReader reader;
    reader.reset(bytes);
    std::vector<GlobalId> nodes, elements;
    reader.vec(nodes);
    reader.vec(elements);
    for (GlobalId id : nodes) h.nodes.emplace_back(id, k);
    for (GlobalId id : elements) h.elements.emplace_back(id, k);
  }
  std::sort(h.nodes.begin(), h.nodes.end());
  std::sort(h.elements.begin(), h.elements.end());
  return h;
}

void holders_of(const std::vector<std::pair<GlobalId, int>>& holders, GlobalId id, std::vector<int>& ranks) {
  ranks.clear();
  for (auto it = std::lower_bound(holders.begin(), holders.end(), std::make_pair(id, -1));
       it != holders.end() && it->first == id; ++it)
    ranks.push_back(it->second);
}

template <class T>
std::vector<T> picked(const std::vector<T>& all, const std::vector<int>& indices) {
  std::vector<T> out;
  out.reserve(indices.size());
  for (int i : indices) out.push_back(all[i]);
  return out;
}

// Rank 0: old rank file r read, checked and cut into a piece per new rank
// (restart_splitter.hpp): each node from the rank that owned it, to every
// new rank that holds it; each element to every rank that holds it.
std::string split_rank_file(State& state, const std::string& set_dir, const RestartManifest& m, int r,
                            const ModelCounts& counts, const Holders& holders, std::vector<RestartWriter>& pieces) {
  const std::string file = restart_rank_file(set_dir, r);
  bool fields = false;
  try {
    RankFile file_data;
    open_rank_file(set_dir, m, r, &counts, file_data);
    const OldFile& old = file_data.head;
    RestartReader& reader = file_data.reader;
    const std::size_t ranks = pieces.size();
    std::vector<std::vector<int>> nodes(ranks), elements(ranks);
    std::vector<int> holding;
    for (std::size_t i = 0; i < old.node_ids.size(); ++i) {
      if (!old.owned[i]) continue;
      holders_of(holders.nodes, old.node_ids[i], holding);
      for (int k : holding) nodes[k].push_back(static_cast<int>(i));
    }
    for (std::size_t e = 0; e < old.element_ids.size(); ++e) {
      holders_of(holders.elements, old.element_ids[e], holding);
      for (int k : holding) elements[k].push_back(static_cast<int>(e));
    }
    for (std::size_t k = 0; k < ranks; ++k) {
      RestartWriter& piece = pieces[k];
      piece.bytes.clear();
      piece.pod(old.header);
      piece.vec(picked(old.node_ids, nodes[k]));
      piece.vec(std::vector<std::uint8_t>(nodes[k].size(), 1));
      piece.vec(picked(old.element_ids, elements[k]));
      piece.vec(picked(old.yielding, elements[k]));
      piece.vec(picked(old.contact_pairs, elements[k]));
    }
    fields = true;
    RestartSplitter split(reader, pieces, nodes, elements, old.node_ids.size(), old.element_ids.size(),
                          [&](GlobalId id, std::vector<int>& out) { holders_of(holders.elements, id, out); });
    state_fields(split, state);
    loop_carry_fields(split, state);
    if (!reader.at_end()) return file + ": restart file does not match this model";
  } catch (const InputError& e) {
    return fields ? file + ": " + e.what() : e.what();
  }
  return "";
}

}  // namespace

// Rank 0 alone reading the set keeps a simulated 1024-rank restart from
// reading it 1024 times (docs/simulated-clusters.md, "Restart sets at scale").
std::string restore_by_ids(State& state, const std::string& set_dir, const RestartManifest& m,
                           const ModelCounts& counts, Communicator& comm) {
  const Holders holders = gather_holders(state, comm);
  const auto node_index = index_of(state.nodes.ids), element_index = index_of(state.elements.ids);
  RestartRemapper remap(state.nodes.count(), state.elements.count(), comm.root(), element_index);
  const auto& offset = state.nodes.terms.offset;
  for (int n = 0; n < state.nodes.count(); ++n)
    if (offset(n) == offset(n + 1)) remap.expect_no_state(n);
  std::string why;
  std::vector<RestartWriter> pieces(comm.root() ? comm.size() : 0);
  for (int r = 0; r < m.ranks; ++r) {
    std::vector<char> piece;
    if (comm.root()) {
      const std::string refused = split_rank_file(state, set_dir, m, r, counts, holders, pieces);
      // An empty piece tells every rank that rank 0 refused the set (and says why).
      for (int k = 1; k < comm.size(); ++k)
        comm.send(refused.empty() ? pieces[k].bytes : std::vector<char>{}, k, tags::kRestartPiece);
      if (!refused.empty()) return refused;
      piece = std::move(pieces[0].bytes);
    } else {
      piece = comm.recv(0, tags::kRestartPiece);
      if (piece.empty()) return why;
    }
    if (!why.empty()) continue;  // refused here: the later pieces are still taken, so rank 0 is not left waiting
    const std::string file = restart_rank_file(set_dir, r);
    bool fields = false;  // parse_rank_head's errors already name the file
    try {
      RestartReader reader;
      OldFile old;
      parse_rank_head(file, m, r, piece, old, reader);
      fields = true;
      remap.next_file(reader, index_map(old.node_ids, node_index), index_map(old.element_ids, element_index), r == 0);
      state_fields(remap, state);
      loop_carry_fields(remap, state);
      if (!reader.at_end()) why = file + ": restart file does not match this model";
    } catch (const InputError& e) {
      why = fields ? file + ": " + e.what() : e.what();
    }
  }
  if (!why.empty()) return why;
  if (const std::string missing = remap.missing(); !missing.empty())
    return "restart set " + set_dir + " does not match this model: " + missing;
  return "";
}

}  // namespace mc
