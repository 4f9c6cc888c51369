// Ghost contact nodes between ranks. At a sort every rank publishes the box
// around its segments (Allgather); each rank sends every rank whose box holds
// some of its contact nodes those nodes' fixed data once (id, sides,
// thickness, stiffness, mass) and then, every cycle, their x and v. The receiver
// checks them against its own segments and returns the forces they got, so
// no rank ever holds the whole contact surface.
#include <cstring>
#include <limits>
#include <unordered_map>

#include "contact/contact_phase.hpp"

namespace mc {
namespace {

constexpr int kStaticValues = 5, kMotionValues = 6;
int tag(const InterfaceRun& run, int kind) { return 300 + 3 * run.index + kind; }

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

// This rank's segments' box, grown by the farthest any node can be and still touch them.
std::vector<double> segment_box(const InterfaceRun& run) {
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<double> box = {inf, inf, inf, -inf, -inf, -inf};
  const InterfaceSetup& in = *run.setup;
  for (std::size_t g = 0; g < in.segment_element.size(); ++g) {
    const double grow = in.segment_half_thickness[g] + run.max_node_half + run.margin;
    for (int c = 0; c < 4; ++c) {
      const double* p = &run.x[3 * static_cast<std::size_t>(run.segment_slot[4 * g + c])];
      for (int k = 0; k < 3; ++k) {
        box[k] = std::min(box[k], p[k] - grow);
        box[3 + k] = std::max(box[3 + k], p[k] + grow);
      }
    }
  }
  return box;
}

}  // namespace

void build_ghost_plan(InterfaceRun& run, Communicator& comm) {
  const int size = comm.size(), me = comm.rank();
  const std::vector<double> boxes = comm.allgather(segment_box(run));
  GhostPlan& plan = run.ghosts;
  plan = GhostPlan{};
  std::vector<std::int64_t> counts(static_cast<std::size_t>(size), 0);
  for (int q = 0; q < size; ++q) {
    if (q == me) continue;
    const double* box = &boxes[6 * static_cast<std::size_t>(q)];
    std::vector<int> nodes;
    for (int n = 0; n < run.local; ++n) {
      const double* p = &run.x[3 * static_cast<std::size_t>(n)];
      if (p[0] >= box[0] && p[0] <= box[3] && p[1] >= box[1] && p[1] <= box[4] && p[2] >= box[2] && p[2] <= box[5])
        nodes.push_back(n);
    }
    if (nodes.empty()) continue;
    counts[static_cast<std::size_t>(q)] = static_cast<std::int64_t>(nodes.size());
    plan.send_rank.push_back(q);
    plan.send_nodes.push_back(std::move(nodes));
  }
  const std::vector<std::int64_t> incoming = comm.alltoall(counts);
  // Fixed data of the ghosts, then the table grows by them in rank order.
  Requests requests;
  std::vector<std::vector<double>> out(plan.send_rank.size()), in;
  for (int q = 0; q < size; ++q)
    if (incoming[static_cast<std::size_t>(q)] > 0) {
      plan.recv_rank.push_back(q);
      in.emplace_back(static_cast<std::size_t>(incoming[static_cast<std::size_t>(q)]) * kStaticValues);
      comm.irecv(in.back().data(), static_cast<std::int64_t>(in.back().size() * sizeof(double)), q, tag(run, 0),
                 requests);
    }
  for (std::size_t d = 0; d < plan.send_rank.size(); ++d) {
    for (int n : plan.send_nodes[d])
      out[d].insert(out[d].end(),
                    {id_bits(run.gid[n]), double(run.bits[n]), run.half[n], run.stiffness[n], run.mass[n]});
    comm.isend(out[d].data(), static_cast<std::int64_t>(out[d].size() * sizeof(double)), plan.send_rank[d],
               tag(run, 0), requests);
  }
  comm.waitall(requests);
  run.gid.resize(run.local);
  run.bits.resize(run.local);
  run.half.resize(run.local);
  run.stiffness.resize(run.local);
  run.mass.resize(run.local);
  std::unordered_map<GlobalId, int> seen;  // a node several ranks send is used once
  for (int n = 0; n < run.local; ++n) seen.emplace(run.gid[n], n);
  plan.recv_offset.push_back(run.local);
  for (const std::vector<double>& values : in) {
    for (std::size_t i = 0; i < values.size(); i += kStaticValues) {
      const GlobalId id = bits_id(values[i]);
      const bool fresh = seen.emplace(id, static_cast<int>(run.gid.size())).second;
      run.gid.push_back(id);
      run.bits.push_back(fresh ? static_cast<std::uint8_t>(values[i + 1]) : 0);
      run.half.push_back(values[i + 2]);
      run.stiffness.push_back(values[i + 3]);
      run.mass.push_back(values[i + 4]);
    }
    plan.recv_offset.push_back(static_cast<int>(run.gid.size()));
  }
  run.x.resize(3 * run.gid.size());
  run.v.resize(3 * run.gid.size());
  plan.send_buffer.resize(plan.send_rank.size());
  plan.recv_buffer.resize(plan.recv_rank.size());
}

void send_ghost_motion(InterfaceRun& run, Communicator& comm) {
  GhostPlan& plan = run.ghosts;
  Requests requests;
  for (std::size_t q = 0; q < plan.recv_rank.size(); ++q) {
    plan.recv_buffer[q].resize(static_cast<std::size_t>(plan.recv_offset[q + 1] - plan.recv_offset[q]) * kMotionValues);
    comm.irecv(plan.recv_buffer[q].data(), static_cast<std::int64_t>(plan.recv_buffer[q].size() * sizeof(double)),
               plan.recv_rank[q], tag(run, 1), requests);
  }
  for (std::size_t d = 0; d < plan.send_rank.size(); ++d) {
    std::vector<double>& buf = plan.send_buffer[d];
    buf.clear();
    for (int n : plan.send_nodes[d]) {
      const std::size_t at = 3 * static_cast<std::size_t>(n);
      buf.insert(buf.end(), {run.x[at], run.x[at + 1], run.x[at + 2], run.v[at], run.v[at + 1], run.v[at + 2]});
    }
    comm.isend(buf.data(), static_cast<std::int64_t>(buf.size() * sizeof(double)), plan.send_rank[d], tag(run, 1),
               requests);
  }
  comm.waitall(requests);
  for (std::size_t q = 0; q < plan.recv_rank.size(); ++q)
    for (int slot = plan.recv_offset[q]; slot < plan.recv_offset[q + 1]; ++slot) {
      const double* m = &plan.recv_buffer[q][static_cast<std::size_t>(slot - plan.recv_offset[q]) * kMotionValues];
      for (int k = 0; k < 3; ++k) {
        run.x[3 * static_cast<std::size_t>(slot) + k] = m[k];
        run.v[3 * static_cast<std::size_t>(slot) + k] = m[3 + k];
      }
    }
}

void return_ghost_forces(InterfaceRun& run, Communicator& comm) {
  GhostPlan& plan = run.ghosts;
  Requests requests;
  for (std::size_t d = 0; d < plan.send_rank.size(); ++d) {
    plan.send_buffer[d].resize(plan.send_nodes[d].size() * 3);
    comm.irecv(plan.send_buffer[d].data(), static_cast<std::int64_t>(plan.send_buffer[d].size() * sizeof(double)),
               plan.send_rank[d], tag(run, 2), requests);
  }
  for (std::size_t q = 0; q < plan.recv_rank.size(); ++q) {
    const auto first = run.slot_force.begin() + 3 * plan.recv_offset[q];
    plan.recv_buffer[q].assign(first, run.slot_force.begin() + 3 * plan.recv_offset[q + 1]);
    comm.isend(plan.recv_buffer[q].data(), static_cast<std::int64_t>(plan.recv_buffer[q].size() * sizeof(double)),
               plan.recv_rank[q], tag(run, 2), requests);
  }
  comm.waitall(requests);
  // In rank order, so the sum is the same for any thread count.
  for (std::size_t d = 0; d < plan.send_rank.size(); ++d)
    for (std::size_t i = 0; i < plan.send_nodes[d].size(); ++i)
      for (int k = 0; k < 3; ++k)
        run.slot_force[3 * static_cast<std::size_t>(plan.send_nodes[d][i]) + k] += plan.send_buffer[d][3 * i + k];
}

}  // namespace mc
