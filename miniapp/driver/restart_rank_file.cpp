#include "miniapp/driver/restart_rank_file.hpp"

#include <cstring>

#include "io/deck/input_error.hpp"

namespace mc {

// Nodes of elements only: a node on no element (a mass off the mesh, a
// left-out part's node) is rank 0's at every np, and sets written before
// rank 0 held them at np > 1 still match.
ModelCounts model_counts(const State& s, Communicator& comm) {
  double counts[2] = {0, static_cast<double>(s.elements.count())};  // exact below 2^53
  const auto& offset = s.nodes.terms.offset;
  for (int n = 0; n < s.nodes.count(); ++n) counts[0] += s.nodes.owned[n] && offset(n) != offset(n + 1);
  comm.allreduce_sum(counts, 2);
  return {static_cast<std::int64_t>(counts[0]), static_cast<std::int64_t>(counts[1])};
}

std::vector<int> index_map(const std::vector<GlobalId>& old_ids, const std::unordered_map<GlobalId, int>& here) {
  std::vector<int> map(old_ids.size(), -1);
  for (std::size_t i = 0; i < old_ids.size(); ++i)
    if (const auto it = here.find(old_ids[i]); it != here.end()) map[i] = it->second;
  return map;
}

std::unordered_map<GlobalId, int> index_of(const std::vector<GlobalId>& ids) {
  std::unordered_map<GlobalId, int> index;
  index.reserve(ids.size());
  for (std::size_t i = 0; i < ids.size(); ++i) index.emplace(ids[i], static_cast<int>(i));
  return index;
}

void parse_rank_head(const std::string& file, const RestartManifest& m, int r, const std::vector<char>& bytes,
                     OldFile& f, RestartReader& reader) {
  reader.reset(bytes);
  reader.pod(f.header);
  if (std::memcmp(f.header.magic, kRestartMagic, sizeof kRestartMagic) != 0 || f.header.ranks != m.ranks || f.header.rank != r)
    throw InputError(file + ": not a restart file of this version (or not rank " + std::to_string(r) + " of its set)");
  if (f.header.real_size != static_cast<std::int32_t>(sizeof(Real)))
    throw InputError(file + ": written by a " + (f.header.real_size == 4 ? "single" : "double") +
                     "-precision build; this one is " + (sizeof(Real) == 4 ? "single" : "double"));
  reader.vec(f.node_ids);
  reader.vec(f.owned);
  reader.vec(f.element_ids);
  reader.vec(f.yielding);
  reader.vec(f.contact_pairs);
  if (f.owned.size() != f.node_ids.size() || f.yielding.size() != f.element_ids.size() ||
      f.contact_pairs.size() != f.element_ids.size())
    throw InputError(file + ": damaged restart file");
}

void open_rank_file(const std::string& set_dir, const RestartManifest& m, int r, const ModelCounts* model, RankFile& f) {
  const std::string file = restart_rank_file(set_dir, r);
  f.bytes = read_file(file);
  if (static_cast<std::int64_t>(f.bytes.size()) != m.sizes[r] || fnv1a(f.bytes) != m.checksums[r])
    throw InputError(file + ": damaged or partial restart file (size or checksum differs from the manifest)");
  parse_rank_head(file, m, r, f.bytes, f.head, f.reader);
  const FileHeader& h = f.head.header;
  if (model && (h.model_nodes != model->nodes || h.model_shells != model->shells))
    throw InputError("restart set " + set_dir + " was written for a model of " + std::to_string(h.model_nodes) +
                     " nodes and " + std::to_string(h.model_shells) + " shells; this deck has " +
                     std::to_string(model->nodes) + " and " + std::to_string(model->shells) + " (another deck?)");
}

}  // namespace mc
