// Ghost contact nodes between ranks. At a sort every rank publishes the box
// around its segments and which cells of a coarse grid over that box its
// segments reach (one Allgather); each rank sends every rank whose reached
// cells hold some of its contact nodes those nodes' fixed data once (id, sides,
// thickness, stiffness, mass) and their x and v. The receiver checks them
// against its own segments and tells each sender which of its nodes are in
// a candidate pair; until the next sort only those move, every cycle, and
// get their forces back. No rank ever holds the whole contact surface, and a
// rank whose nodes are near no other rank's pairs sends nothing between sorts.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <limits>
#include <unordered_map>

#include "contact/contact_phase.hpp"
#include "decomposition/parallel/message_tags.hpp"

namespace mc {
namespace {

constexpr int kStaticValues = 5, kMotionValues = 6;

double id_bits(GlobalId id) {
  double d;
  std::memcpy(&d, &id, sizeof d);
  return d;
}
GlobalId bits_id(double d) {
  GlobalId id;
  std::memcpy(&id, &d, sizeof id);
  return id;
}

// The grid over a rank's segment box: kGrid cells a side. One box alone
// would take in every node between two far apart pieces of a rank's
// segments (rcb-contact gives each rank a piece of the crush zone besides
// its own region): the cells keep the ghosts to the nodes near segments.
constexpr int kGrid = 16;
constexpr int kCellWords = kGrid * kGrid * kGrid / 64;
constexpr int kCover = 6 + kCellWords;  // the box (low xyz, high xyz), then the reached cells' bits

double word_bits(std::uint64_t w) {
  double d;
  std::memcpy(&d, &w, sizeof d);
  return d;
}
std::uint64_t bits_word(double d) {
  std::uint64_t w;
  std::memcpy(&w, &d, sizeof w);
  return w;
}

// The cell of coordinate p along axis k of `box`, clamped into the grid
// before the cast (a NaN or far-off coordinate has no int to become).
int cell_along(const double* box, int k, double p) {
  const double extent = box[3 + k] - box[k];
  if (!(extent > 0)) return 0;
  const double at = (p - box[k]) / extent * kGrid;
  if (!(at >= 0)) return 0;
  return at < kGrid ? static_cast<int>(at) : kGrid - 1;
}

// The boxes a rank's cover must reach: each segment's, grown by the
// farthest any node can be and still touch it, and each tied node's, for a
// tie holds its node however far it is pulled (contact_ties.hpp): the place
// the tie last saw it (a restart carries it), grown by how far it may move
// until the next sort.
std::vector<double> reach_boxes(const InterfaceRun& run, const std::vector<ContactTie>& ties) {
  const double inf = std::numeric_limits<double>::infinity();
  const InterfaceSetup& in = *run.setup;
  std::vector<double> boxes;
  boxes.reserve(6 * (in.segment_element.size() + ties.size()));
  auto grow_around = [&](const double* p, double grow, double* b) {
    for (int k = 0; k < 3; ++k) {
      b[k] = std::min(b[k], p[k] - grow);
      b[3 + k] = std::max(b[3 + k], p[k] + grow);
    }
  };
  for (std::size_t g = 0; g < in.segment_element.size(); ++g) {
    const double grow = in.segment_half_thickness[g] + run.max_node_half + run.margin;
    double b[6] = {inf, inf, inf, -inf, -inf, -inf};
    for (int c = 0; c < 4; ++c) grow_around(&run.x[3 * static_cast<std::size_t>(run.segment_slot[4 * g + c])], grow, b);
    boxes.insert(boxes.end(), b, b + 6);
  }
  for (const ContactTie& tie : ties) {
    if (tie.failed) continue;  // a broken tie no longer holds its node
    double b[6] = {inf, inf, inf, -inf, -inf, -inf};
    grow_around(tie.node_at, run.max_node_half + run.margin, b);
    boxes.insert(boxes.end(), b, b + 6);
  }
  return boxes;
}

// The box around everything this rank's segments and ties reach, and which
// cells of its grid the reach boxes touch.
std::vector<double> segment_cover(const InterfaceRun& run, const std::vector<ContactTie>& ties) {
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<double> cover(kCover, 0.0);
  double* box = cover.data();
  for (int k = 0; k < 3; ++k) {
    box[k] = inf;
    box[3 + k] = -inf;
  }
  const std::vector<double> grown = reach_boxes(run, ties);
  for (std::size_t i = 0; i < grown.size(); i += 6)
    for (int k = 0; k < 3; ++k) {
      box[k] = std::min(box[k], grown[i + k]);
      box[3 + k] = std::max(box[3 + k], grown[i + 3 + k]);
    }
  std::vector<std::uint64_t> cells(kCellWords, 0);
  for (std::size_t i = 0; i < grown.size(); i += 6) {
    const double* b = &grown[i];
    int lo[3], hi[3];
    for (int k = 0; k < 3; ++k) {
      lo[k] = cell_along(box, k, b[k]);
      hi[k] = cell_along(box, k, b[3 + k]);
    }
    for (int i0 = lo[0]; i0 <= hi[0]; ++i0)
      for (int j = lo[1]; j <= hi[1]; ++j)
        for (int l = lo[2]; l <= hi[2]; ++l) {
          const int cell = (i0 * kGrid + j) * kGrid + l;
          cells[static_cast<std::size_t>(cell / 64)] |= std::uint64_t{1} << (cell % 64);
        }
  }
  for (std::size_t w = 0; w < cells.size(); ++w) cover[6 + w] = word_bits(cells[w]);
  return cover;
}

// Whether point p lies in a cell that a rank's published cover reaches.
bool covered(const double* cover, const double* p) {
  for (int k = 0; k < 3; ++k)
    if (!(p[k] >= cover[k] && p[k] <= cover[3 + k])) return false;
  const int cell = (cell_along(cover, 0, p[0]) * kGrid + cell_along(cover, 1, p[1])) * kGrid + cell_along(cover, 2, p[2]);
  return (bits_word(cover[6 + cell / 64]) >> (cell % 64)) & 1u;
}

}  // namespace

void build_ghost_plan(InterfaceRun& run, const std::vector<ContactTie>& ties, Communicator& comm) {
  const int size = comm.size(), me = comm.rank();
  const std::vector<double> covers = comm.allgather(segment_cover(run, ties));
  std::vector<int> send_ranks;
  std::vector<std::vector<int>> send_nodes;
  std::vector<std::int64_t> counts(static_cast<std::size_t>(size), 0);
  // This rank's contact nodes' box: most ranks' covers miss it, and are
  // then passed over without testing each node (O(np) a rank, not
  // O(np x nodes)).
  double lo[3] = {1e300, 1e300, 1e300}, hi[3] = {-1e300, -1e300, -1e300};
  for (int n = 0; n < run.local; ++n)
    for (int k = 0; k < 3; ++k) {
      const double v = run.x[3 * static_cast<std::size_t>(n) + k];
      if (v < lo[k]) lo[k] = v;
      if (v > hi[k]) hi[k] = v;
    }
  for (int q = 0; q < size; ++q) {
    if (q == me) continue;
    const double* cover = &covers[kCover * static_cast<std::size_t>(q)];
    if (hi[0] < cover[0] || hi[1] < cover[1] || hi[2] < cover[2] || lo[0] > cover[3] || lo[1] > cover[4] ||
        lo[2] > cover[5])
      continue;
    std::vector<int> nodes;
    for (int n = 0; n < run.local; ++n)
      if (covered(cover, &run.x[3 * static_cast<std::size_t>(n)])) nodes.push_back(n);
    if (nodes.empty()) continue;
    counts[static_cast<std::size_t>(q)] = static_cast<std::int64_t>(nodes.size());
    send_ranks.push_back(q);
    send_nodes.push_back(std::move(nodes));
  }
  const std::vector<std::int64_t> incoming = comm.alltoall(counts);
  std::vector<int> recv_ranks, recv_counts;
  for (int q = 0; q < size; ++q)
    if (incoming[static_cast<std::size_t>(q)] > 0) {
      recv_ranks.push_back(q);
      recv_counts.push_back(static_cast<int>(incoming[static_cast<std::size_t>(q)]));
    }
  run.ghosts = ExchangePlan<double>(std::move(send_ranks), std::move(send_nodes), std::move(recv_ranks),
                                    std::move(recv_counts));
  // Fixed data of the ghosts, then the table grows by them in rank order.
  // The node's area too where ties can fail (their stress is force / area);
  // no other interface pays for it.
  const bool area = run.setup->ties_fail();
  const int width = kStaticValues + (area ? 1 : 0);
  run.ghosts.forward(
      width,
      [&](int n, int k) {
        const double values[kStaticValues + 1] = {id_bits(run.gid[n]), double(run.bits[n]), run.half[n],
                                                  run.stiffness[n], run.mass[n], area ? run.area[n] : 0.0};
        return values[k];
      },
      comm, tags::contact(run.index, tags::ContactMessage::GhostData));
  run.gid.resize(run.local);
  run.bits.resize(run.local);
  run.half.resize(run.local);
  run.stiffness.resize(run.local);
  run.mass.resize(run.local);
  if (area) run.area.resize(run.local);
  std::unordered_map<GlobalId, int> seen;  // a node several ranks send is used once
  for (int n = 0; n < run.local; ++n) seen.emplace(run.gid[n], n);
  run.ghost_offset.assign(1, run.local);
  for (std::size_t q = 0; q < run.ghosts.recv_ranks().size(); ++q) {
    const std::vector<double>& values = run.ghosts.received(q);
    for (std::size_t i = 0; i < values.size(); i += static_cast<std::size_t>(width)) {
      const GlobalId id = bits_id(values[i]);
      const bool fresh = seen.emplace(id, static_cast<int>(run.gid.size())).second;
      run.gid.push_back(id);
      run.bits.push_back(fresh ? static_cast<std::uint8_t>(values[i + 1]) : 0);
      run.half.push_back(values[i + 2]);
      run.stiffness.push_back(values[i + 3]);
      run.mass.push_back(values[i + 4]);
      if (area) run.area.push_back(values[i + 5]);
    }
    run.ghost_offset.push_back(static_cast<int>(run.gid.size()));
  }
  run.x.resize(3 * run.gid.size());
  run.v.resize(3 * run.gid.size());
}

void plan_active_ghosts(InterfaceRun& run, Communicator& comm) {
  const auto in_pair = [&](int slot) {
    return run.entry_offset[static_cast<std::size_t>(slot) + 1] > run.entry_offset[static_cast<std::size_t>(slot)];
  };
  run.ghosts.reverse(
      1, [&](std::size_t q, int i, int) { return in_pair(run.ghost_offset[q] + i) ? 1.0 : 0.0; }, comm,
      tags::contact(run.index, tags::ContactMessage::GhostActive));
  std::vector<int> send_ranks, recv_ranks, recv_counts;
  std::vector<std::vector<int>> send_items;
  for (std::size_t d = 0; d < run.ghosts.send_ranks().size(); ++d) {
    const std::vector<int>& nodes = run.ghosts.send_items(d);
    std::vector<int> items;
    for (std::size_t i = 0; i < nodes.size(); ++i)
      if (run.ghosts.returned(d)[i] != 0) items.push_back(nodes[i]);
    if (items.empty()) continue;
    send_ranks.push_back(run.ghosts.send_ranks()[d]);
    send_items.push_back(std::move(items));
  }
  run.active_slots.clear();
  for (std::size_t q = 0; q < run.ghosts.recv_ranks().size(); ++q) {
    std::vector<int> slots;
    for (int slot = run.ghost_offset[q]; slot < run.ghost_offset[q + 1]; ++slot)
      if (in_pair(slot)) slots.push_back(slot);
    if (slots.empty()) continue;
    recv_ranks.push_back(run.ghosts.recv_ranks()[q]);
    recv_counts.push_back(static_cast<int>(slots.size()));
    run.active_slots.push_back(std::move(slots));
  }
  run.active = ExchangePlan<double>(std::move(send_ranks), std::move(send_items), std::move(recv_ranks),
                                    std::move(recv_counts));
}

void send_ghost_motion(InterfaceRun& run, Communicator& comm, bool every_ghost) {
  ExchangePlan<double>& plan = every_ghost ? run.ghosts : run.active;
  plan.forward(
      kMotionValues, [&](int n, int k) { return (k < 3 ? run.x : run.v)[3 * static_cast<std::size_t>(n) + k % 3]; },
      comm, tags::contact(run.index, tags::ContactMessage::GhostMotion));
  for (std::size_t q = 0; q < plan.recv_ranks().size(); ++q)
    for (int i = 0; i < plan.recv_count(q); ++i) {
      const int slot = every_ghost ? run.ghost_offset[q] + i : run.active_slots[q][static_cast<std::size_t>(i)];
      const double* m = &plan.received(q)[static_cast<std::size_t>(i) * kMotionValues];
      for (int k = 0; k < 3; ++k) {
        run.x[3 * static_cast<std::size_t>(slot) + k] = m[k];
        run.v[3 * static_cast<std::size_t>(slot) + k] = m[3 + k];
      }
    }
}

// Only active ghosts can carry a force (the others' stay at the sort's zero).
void return_ghost_forces(InterfaceRun& run, Communicator& comm) {
  run.active.reverse(
      3,
      [&](std::size_t q, int i, int k) {
        return run.slot_force[3 * static_cast<std::size_t>(run.active_slots[q][static_cast<std::size_t>(i)]) + k];
      },
      comm, tags::contact(run.index, tags::ContactMessage::GhostForce));
  // In rank order, so the sum is the same for any thread count.
  for (std::size_t d = 0; d < run.active.send_ranks().size(); ++d) {
    const std::vector<int>& nodes = run.active.send_items(d);
    for (std::size_t i = 0; i < nodes.size(); ++i)
      for (int k = 0; k < 3; ++k)
        run.slot_force[3 * static_cast<std::size_t>(nodes[i]) + k] += run.active.returned(d)[3 * i + k];
  }
}

}  // namespace mc
