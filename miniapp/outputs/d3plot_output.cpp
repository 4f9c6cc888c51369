#include "miniapp/outputs/d3plot_output.hpp"

#include <algorithm>
#include <cstring>
#include <numeric>

#include "decomposition/parallel/message_tags.hpp"
#include "miniapp/elements/shell_bt/shell_bt.hpp"

namespace mc {
namespace {

using Plot = D3plotStateLayout;

template <class T>
void put(std::vector<char>& b, const std::vector<T>& v) {
  const auto n = static_cast<std::int64_t>(v.size());
  const char* c = reinterpret_cast<const char*>(&n);
  b.insert(b.end(), c, c + sizeof n);
  c = reinterpret_cast<const char*>(v.data());
  b.insert(b.end(), c, c + v.size() * sizeof(T));
}

template <class T>
std::vector<T> take(const std::vector<char>& b, std::size_t& at) {
  std::int64_t n = 0;
  std::memcpy(&n, b.data() + at, sizeof n);
  at += sizeof n;
  std::vector<T> v(static_cast<std::size_t>(n));
  if (n > 0) std::memcpy(v.data(), b.data() + at, v.size() * sizeof(T));  // a rank may hold none
  at += v.size() * sizeof(T);
  return v;
}

// Rank r's part of the message, rank 0 its own without sending it.
std::vector<char> from_rank(int r, std::vector<char>& own, int tag, Communicator& comm) {
  return r == 0 ? std::move(own) : comm.recv(r, tag);
}

std::int32_t index_in(const std::vector<std::int64_t>& sorted, std::int64_t id) {
  return static_cast<std::int32_t>(std::lower_bound(sorted.begin(), sorted.end(), id) - sorted.begin());
}

}  // namespace

D3plotOutput::PartLayers D3plotOutput::part_layers(const State& s, int p) {
  const PartParams& part = s.parts(p);
  std::vector<int> order(static_cast<std::size_t>(part.nip));
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](int a, int b) { return part.zeta[a] < part.zeta[b]; });
  return {stressless_part(s, p), {order.front(), order[order.size() / 2], order.back()}};
}

// One shell's NV2D words and its deletion flag: stresses in the global
// frame (the element's co-rotational frame e1 e2 e3 turned back), as
// LS-DYNA writes them by default.
void D3plotOutput::shell_words(const State& s, int e, float* w) const {
  const ElementData& el = s.elements;
  const PartLayers& part = parts_[static_cast<std::size_t>(el.part(e))];
  std::fill(w, w + Plot::kShellWords + 1, 0.0f);
  if (!part.stressless) {
    Real x[4][3];
    for (int c = 0; c < 4; ++c)
      for (int k = 0; k < 3; ++k) x[c][k] = s.nodes.x(el.conn(e, c), k);
    ShellGeometry<Real> g;
    shell_geometry(x, g);
    for (int l = 0; l < Plot::kLayers; ++l) {
      const int k = part.points[l];
      const double sl[3][3] = {
          {double(packed(el.points, e, 4 * k)), double(packed(el.points, e, 4 * k + 2)), double(packed(el.shear, e, 0))},
          {double(packed(el.points, e, 4 * k + 2)), double(packed(el.points, e, 4 * k + 1)), double(packed(el.shear, e, 1))},
          {double(packed(el.shear, e, 0)), double(packed(el.shear, e, 1)), 0.0}};
      auto global = [&](int a, int b) {
        double v = 0;
        for (int i = 0; i < 3; ++i)
          for (int j = 0; j < 3; ++j) v += double(g.e[i][a]) * double(g.e[j][b]) * sl[i][j];
        return static_cast<float>(v);
      };
      float* layer = w + l * Plot::kWordsPerLayer;
      layer[0] = global(0, 0);
      layer[1] = global(1, 1);
      layer[2] = global(2, 2);
      layer[3] = global(0, 1);
      layer[4] = global(1, 2);
      layer[5] = global(2, 0);
      layer[6] = static_cast<float>(packed(el.points, e, 4 * k + 3));
    }
  }
  float* tail = w + Plot::kLayers * Plot::kWordsPerLayer;
  tail[0] = static_cast<float>(el.thickness(e));
  tail[3] = static_cast<float>(el.internal_energy(e));
  w[Plot::kShellWords] = el.alive(e) ? 1.0f : 0.0f;
}

D3plotOutput::D3plotOutput(const State& s, const std::string& dir, const std::string& title,
                           std::int64_t family_bytes, std::int64_t resume_states, Communicator& comm)
    : active_(true) {
  for (std::size_t p = 0; p < s.part_info.size(); ++p) parts_.push_back(part_layers(s, static_cast<int>(p)));
  const NodeData& nd = s.nodes;
  const ElementData& el = s.elements;
  std::vector<std::int64_t> node_ids, shell_ids, shell_parts, shell_nodes;
  std::vector<double> x0;
  for (int n = 0; n < nd.count(); ++n) {
    if (!nd.owned[n]) continue;
    owned_.push_back(n);
    node_ids.push_back(nd.ids[n]);
    for (int k = 0; k < 3; ++k) x0.push_back(nd.x0(n, k));
  }
  for (int e = 0; e < el.count(); ++e) {
    shell_ids.push_back(el.ids[e]);
    shell_parts.push_back(s.part_info[el.part(e)].id);
    for (int c = 0; c < 4; ++c) shell_nodes.push_back(nd.ids[el.conn(e, c)]);
  }
  std::vector<char> mine;
  put(mine, node_ids);
  put(mine, x0);
  put(mine, shell_ids);
  put(mine, shell_parts);
  put(mine, shell_nodes);
  if (!comm.root()) {
    comm.send(mine, 0, tags::kPlotGeometry);
    return;
  }

  // Rank 0: every rank's rows, then the order by id.
  struct Rows {
    std::vector<std::int64_t> node_ids, shell_ids, shell_parts, shell_nodes;
    std::vector<double> x0;
  };
  std::vector<Rows> rows(static_cast<std::size_t>(comm.size()));
  for (int r = 0; r < comm.size(); ++r) {
    const std::vector<char> b = from_rank(r, mine, tags::kPlotGeometry, comm);
    std::size_t at = 0;
    Rows& rr = rows[r];
    rr.node_ids = take<std::int64_t>(b, at);
    rr.x0 = take<double>(b, at);
    rr.shell_ids = take<std::int64_t>(b, at);
    rr.shell_parts = take<std::int64_t>(b, at);
    rr.shell_nodes = take<std::int64_t>(b, at);
  }
  D3plotGeometry g;
  g.title = title;
  for (const Rows& rr : rows) {
    g.node_ids.insert(g.node_ids.end(), rr.node_ids.begin(), rr.node_ids.end());
    g.shell_ids.insert(g.shell_ids.end(), rr.shell_ids.begin(), rr.shell_ids.end());
  }
  std::sort(g.node_ids.begin(), g.node_ids.end());
  std::sort(g.shell_ids.begin(), g.shell_ids.end());
  std::vector<int> by_id(s.part_info.size());
  std::iota(by_id.begin(), by_id.end(), 0);
  std::sort(by_id.begin(), by_id.end(), [&](int a, int b) { return s.part_info[a].id < s.part_info[b].id; });
  part_of_slot_ = by_id;
  for (int p : by_id) {
    g.part_ids.push_back(s.part_info[p].id);
    g.part_titles.push_back(s.part_info[p].title);
  }
  g.x0.resize(3 * g.node_ids.size());
  g.shell_nodes.resize(4 * g.shell_ids.size());
  g.shell_part.resize(g.shell_ids.size());
  node_slot_.resize(rows.size());
  shell_slot_.resize(rows.size());
  for (std::size_t r = 0; r < rows.size(); ++r) {
    const Rows& rr = rows[r];
    for (std::size_t i = 0; i < rr.node_ids.size(); ++i) {
      const std::int32_t slot = index_in(g.node_ids, rr.node_ids[i]);
      node_slot_[r].push_back(slot);
      for (int k = 0; k < 3; ++k) g.x0[3 * slot + k] = static_cast<float>(rr.x0[3 * i + k]);
    }
    for (std::size_t i = 0; i < rr.shell_ids.size(); ++i) {
      const std::int32_t slot = index_in(g.shell_ids, rr.shell_ids[i]);
      shell_slot_[r].push_back(slot);
      for (int c = 0; c < 4; ++c) g.shell_nodes[4 * slot + c] = index_in(g.node_ids, rr.shell_nodes[4 * i + c]) + 1;
      g.shell_part[slot] = index_in(g.part_ids, rr.shell_parts[i]) + 1;
    }
  }
  g.walls = static_cast<std::int64_t>(s.walls.size());
  writer_ = D3plotWriter(dir, g, family_bytes, resume_states);
}

void D3plotOutput::write(const State& s, const EnergyRecord& energy, const std::vector<PartRecord>& parts,
                         const std::vector<WallRecord>& walls, double dt_avg, Communicator& comm) {
  if (!active_) return;
  Kokkos::fence();  // the kernels must have finished before the host reads
  const NodeData& nd = s.nodes;
  const ElementData& el = s.elements;
  const double to_a = dt_avg > 0 ? 1 / dt_avg : 0;
  std::vector<float> mine;
  mine.reserve(9 * owned_.size() + (Plot::kShellWords + 1) * static_cast<std::size_t>(el.count()));
  for (int n : owned_) {
    for (int k = 0; k < 3; ++k) mine.push_back(static_cast<float>(nd.x(n, k)));
    for (int k = 0; k < 3; ++k) mine.push_back(static_cast<float>(nd.v(n, k)));
    for (int k = 0; k < 3; ++k) mine.push_back(static_cast<float>((double(nd.v(n, k)) - nd.v_before(n, k)) * to_a));
  }
  for (int e = 0; e < el.count(); ++e) {
    mine.resize(mine.size() + Plot::kShellWords + 1);
    shell_words(s, e, mine.data() + mine.size() - (Plot::kShellWords + 1));
  }
  std::vector<char> bytes(mine.size() * sizeof(float));
  if (!bytes.empty()) std::memcpy(bytes.data(), mine.data(), bytes.size());
  if (!comm.root()) {
    comm.send(bytes, 0, tags::kPlotState);
    return;
  }

  const D3plotStateLayout& l = writer_.layout();
  std::vector<float> w(static_cast<std::size_t>(l.words()), 0.0f);
  w[0] = static_cast<float>(s.time);
  float* globals = w.data() + 1;
  globals[0] = static_cast<float>(energy.kinetic);
  globals[1] = static_cast<float>(energy.internal);
  globals[2] = static_cast<float>(energy.total);
  for (int k = 0; k < 3; ++k) globals[3 + k] = static_cast<float>(energy.mass > 0 ? energy.momentum[k] / energy.mass : 0);
  const std::int64_t np = l.parts;
  for (std::int64_t slot = 0; slot < np; ++slot) {
    const PartRecord& p = parts[part_of_slot_[slot]];
    globals[6 + slot] = static_cast<float>(p.internal);
    globals[6 + np + slot] = static_cast<float>(p.kinetic);
    for (int k = 0; k < 3; ++k)
      globals[6 + 2 * np + 3 * slot + k] = static_cast<float>(p.mass > 0 ? p.momentum[k] / p.mass : 0);
    globals[6 + 5 * np + slot] = static_cast<float>(p.mass);
    globals[6 + 6 * np + slot] = static_cast<float>(p.hourglass);
  }
  const std::int64_t nw = l.walls;  // normal forces, then positions (VERSION 971: 4 words a wall)
  for (std::int64_t wall = 0; wall < nw; ++wall) {
    globals[6 + 7 * np + wall] = static_cast<float>(walls[wall].normal_force);
    for (int k = 0; k < 3; ++k)
      globals[6 + 7 * np + nw + 3 * wall + k] = static_cast<float>(walls[wall].position[k]);
  }
  float* x = globals + l.globals();
  float* v = x + 3 * l.nodes;
  float* a = v + 3 * l.nodes;
  float* shells = a + 3 * l.nodes;
  float* deleted = shells + Plot::kShellWords * l.shells;
  for (int r = 0; r < comm.size(); ++r) {
    const std::vector<char> b = from_rank(r, bytes, tags::kPlotState, comm);
    const float* in = reinterpret_cast<const float*>(b.data());
    for (std::int32_t slot : node_slot_[r]) {
      std::copy(in, in + 3, x + 3 * slot);
      std::copy(in + 3, in + 6, v + 3 * slot);
      std::copy(in + 6, in + 9, a + 3 * slot);
      in += 9;
    }
    for (std::int32_t slot : shell_slot_[r]) {
      std::copy(in, in + Plot::kShellWords, shells + Plot::kShellWords * slot);
      deleted[slot] = in[Plot::kShellWords];
      in += Plot::kShellWords + 1;
    }
  }
  writer_.write_state(w);
}

}  // namespace mc
