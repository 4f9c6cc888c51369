// The contact ghost exchange seen directly (contact/contact_ghosts.cpp,
// build_ghost_plan / send_ghost_motion / plan_active_ghosts /
// return_ghost_forces): two plates
// facing each other, cut by RCB among the ranks, so each rank's segments
// need contact nodes that other ranks hold.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <vector>

#include "contact/contact_phase.hpp"
#include "miniapp/state/contact_mesh_of.hpp"
#include "miniapp/state/distributed_state.hpp"
#include "model_builders.hpp"
#include "mpi_test_helpers.hpp"

namespace mc {
namespace {

// Known motion of node `id`: a position off the model's by a small
// non-round amount, and a velocity that differs per node and component.
Real x_of(const std::array<double, 3>& model_x, GlobalId id, int k) {
  return static_cast<Real>(model_x[static_cast<std::size_t>(k)] + 1e-3 * std::sin(0.37 * double(id) + k));
}
Real v_of(GlobalId id, int k) { return static_cast<Real>(0.01 * double(id) + 0.3 * k + 1.0 / 3.0); }
// The force a rank computed on a ghost copy of node `id`: exact in binary, so
// sums over ranks are exact in any order.
double ghost_force(GlobalId id, int rank, int k) { return double(id) + 0.25 * rank + 4096.0 * k; }

// Each of this rank's segments' box as build_ghost_plan grows it: a node inside may touch it.
std::vector<std::array<double, 6>> segment_boxes(const InterfaceRun& run) {
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<std::array<double, 6>> boxes;
  for (std::size_t g = 0; g < run.setup->segment_element.size(); ++g) {
    const double grow = run.setup->segment_half_thickness[g] + run.max_node_half + run.margin;
    std::array<double, 6> box = {inf, inf, inf, -inf, -inf, -inf};
    for (int c = 0; c < 4; ++c)
      for (int k = 0; k < 3; ++k) {
        const double p = run.x[3 * static_cast<std::size_t>(run.segment_slot[4 * g + static_cast<std::size_t>(c)]) + k];
        box[static_cast<std::size_t>(k)] = std::min(box[static_cast<std::size_t>(k)], p - grow);
        box[static_cast<std::size_t>(3 + k)] = std::max(box[static_cast<std::size_t>(3 + k)], p + grow);
      }
    boxes.push_back(box);
  }
  return boxes;
}

bool inside(const std::array<double, 6>& box, const std::array<double, 3>& p) {
  for (std::size_t k = 0; k < 3; ++k)
    if (!(p[k] >= box[k] && p[k] <= box[3 + k])) return false;
  return true;
}

// Exact: every ghost slot holds the x and v of the node with its id (as
// every holder sets them), a rank receives a copy of each contact node of
// another rank that one of its segments may touch from every other holder,
// and of no node outside the box around them all (nodes between segments
// may come or not: the cells the ranks publish are coarse), only the first copy of a node it does not hold has side bits,
// and forces put on ghost copies come back to each sender's slot of that
// node from the ranks it sent it to, so the sum over ranks is conserved.
TEST(ContactGhosts, GhostsCarryTheOwnersMotionAndForcesReturnToTheSendersExactly) {
  Communicator comm;
  const Model global = test::colliding_plates(0.5, 0.0, 0.0, 0.0);
  std::map<GlobalId, std::array<double, 3>> model_x;
  for (const Node& n : global.nodes) model_x[n.id] = n.x;
  RankState local = build_rank_state(test::my_subdomain(global, comm), comm);
  State& s = local.state;
  for (int n = 0; n < s.nodes.count(); ++n) {
    const GlobalId id = s.nodes.ids[static_cast<std::size_t>(n)];
    for (int k = 0; k < 3; ++k) {
      s.nodes.x(n, k) = x_of(model_x.at(id), id, k);
      s.nodes.v(n, k) = v_of(id, k);
    }
  }
  const ContactMesh mesh = contact_mesh_of(s);
  ASSERT_EQ(s.contact.interfaces.size(), 1u);
  // As ContactPhase and the first compute() start it: node table, margins, this cycle's x and v.
  InterfaceRun run = start_interface_run(s.contact.interfaces[0], 0, mesh, comm);
  load_all_local_motion(run, mesh);
  const int size = comm.size();
  if (size > 1) {
    build_ghost_plan(run, {}, comm);
    send_ghost_motion(run, comm, true);
  }
  const int slots = static_cast<int>(run.gid.size());
  ASSERT_EQ(run.x.size(), 3 * static_cast<std::size_t>(slots));
  ASSERT_EQ(run.v.size(), 3 * static_cast<std::size_t>(slots));

  // How many ranks hold each contact node (a node's id indexes the arrays).
  const std::size_t ids = static_cast<std::size_t>(test::max_node_id(global)) + 1;
  std::vector<double> holders(ids, 0.0), here(ids, 0.0);
  for (int n = 0; n < run.local; ++n) here[static_cast<std::size_t>(run.gid[static_cast<std::size_t>(n)])] = 1;
  holders = here;
  comm.allreduce_sum(holders.data(), static_cast<int>(ids));

  // Motion and multiplicity of the ghosts.
  int wrong_motion = 0, wrong_bits = 0;
  std::vector<int> copies(ids, 0);
  for (int slot = run.local; slot < slots; ++slot) {
    const GlobalId id = run.gid[static_cast<std::size_t>(slot)];
    for (int k = 0; k < 3; ++k) {
      wrong_motion += run.x[3 * static_cast<std::size_t>(slot) + k] != double(x_of(model_x.at(id), id, k));
      wrong_motion += run.v[3 * static_cast<std::size_t>(slot) + k] != double(v_of(id, k));
    }
    const bool first = here[static_cast<std::size_t>(id)] == 0 && copies[static_cast<std::size_t>(id)] == 0;
    wrong_bits += (run.bits[static_cast<std::size_t>(slot)] != 0) != first;
    copies[static_cast<std::size_t>(id)] += 1;
  }
  EXPECT_EQ(wrong_motion, 0) << "rank " << comm.rank() << ": ghost x, v not the node's";
  EXPECT_EQ(wrong_bits, 0) << "rank " << comm.rank() << ": side bits on other than the first copy of a new node";
  const std::vector<std::array<double, 6>> boxes = segment_boxes(run);
  const double inf = std::numeric_limits<double>::infinity();
  std::array<double, 6> all = {inf, inf, inf, -inf, -inf, -inf};
  for (const auto& box : boxes)
    for (std::size_t k = 0; k < 3; ++k) {
      all[k] = std::min(all[k], box[k]);
      all[3 + k] = std::max(all[3 + k], box[3 + k]);
    }
  int wrong_copies = 0;
  for (const auto& [id, x0] : model_x) {
    if (holders[static_cast<std::size_t>(id)] == 0) continue;  // not a contact node
    std::array<double, 3> p;
    for (int k = 0; k < 3; ++k) p[static_cast<std::size_t>(k)] = x_of(x0, id, k);
    const bool near = std::any_of(boxes.begin(), boxes.end(), [&](const auto& box) { return inside(box, p); });
    const int want = static_cast<int>(holders[static_cast<std::size_t>(id)] - here[static_cast<std::size_t>(id)]);
    const int got = copies[static_cast<std::size_t>(id)];
    wrong_copies += near ? got != want : inside(all, p) ? got != want && got != 0 : got != 0;
  }
  EXPECT_EQ(wrong_copies, 0) << "rank " << comm.rank() << ": nodes with the wrong number of ghost copies";
  double ghosts = slots - run.local;
  comm.allreduce_sum(&ghosts, 1);
  if (comm.root()) std::cout << "[ contact ghosts ] np " << comm.size() << ": " << ghosts << " ghost slots\n";
  if (size > 1) {
    EXPECT_GT(ghosts, 0);
  }
  if (size == 1) {
    EXPECT_EQ(ghosts, 0);
  }

  // The ghosts of even id are in a candidate pair (one entry each); only
  // they move between sorts and get forces back.
  const auto active = [&](int slot) { return slot >= run.local && run.gid[static_cast<std::size_t>(slot)] % 2 == 0; };
  run.entry_offset.assign(static_cast<std::size_t>(slots) + 1, 0);
  for (int slot = 0; slot < slots; ++slot)
    run.entry_offset[static_cast<std::size_t>(slot) + 1] = run.entry_offset[static_cast<std::size_t>(slot)] + active(slot);
  if (size > 1) plan_active_ghosts(run, comm);
  // Between sorts: every holder moves its nodes by one; only active ghosts follow.
  for (int n = 0; n < run.local; ++n)
    for (int k = 0; k < 3; ++k) run.x[3 * static_cast<std::size_t>(n) + k] += 1.0;
  if (size > 1) send_ghost_motion(run, comm, false);
  int wrong_step = 0;
  for (int slot = run.local; slot < slots; ++slot) {
    const GlobalId id = run.gid[static_cast<std::size_t>(slot)];
    for (int k = 0; k < 3; ++k)
      wrong_step += run.x[3 * static_cast<std::size_t>(slot) + k] != double(x_of(model_x.at(id), id, k)) + (active(slot) ? 1.0 : 0.0);
  }
  EXPECT_EQ(wrong_step, 0) << "rank " << comm.rank() << ": between sorts, a ghost not in a pair moved or one in a pair did not";
  double sent_between = static_cast<double>(run.active.send_ranks().size()), sent_at_sort = static_cast<double>(run.ghosts.send_ranks().size());
  comm.allreduce_sum(&sent_between, 1);
  comm.allreduce_sum(&sent_at_sort, 1);
  if (comm.root())
    std::cout << "[ contact ghosts ] np " << comm.size() << ": motion messages " << sent_at_sort << " at a sort, "
              << sent_between << " between sorts\n";
  EXPECT_LE(sent_between, sent_at_sort);

  // Forces: nothing on local slots, ghost_force(id, this rank) on every active ghost copy.
  run.slot_force.assign(3 * static_cast<std::size_t>(slots), 0.0);
  std::vector<double> put(3 * ids, 0.0), got(3 * ids, 0.0);
  for (int slot = run.local; slot < slots; ++slot)
    for (int k = 0; k < 3; ++k) {
      if (!active(slot)) continue;
      const GlobalId id = run.gid[static_cast<std::size_t>(slot)];
      run.slot_force[3 * static_cast<std::size_t>(slot) + k] = ghost_force(id, comm.rank(), k);
      put[3 * static_cast<std::size_t>(id) + k] += ghost_force(id, comm.rank(), k);
    }
  if (size > 1) return_ghost_forces(run, comm);
  // Each local slot of even id: the sum over the ranks it was sent to; the others none.
  std::vector<std::vector<int>> sent_to(static_cast<std::size_t>(run.local));
  if (size > 1)
    for (std::size_t d = 0; d < run.ghosts.send_ranks().size(); ++d)
      for (int n : run.ghosts.send_items(d)) sent_to[static_cast<std::size_t>(n)].push_back(run.ghosts.send_ranks()[d]);
  int wrong_return = 0;
  for (int n = 0; n < run.local; ++n) {
    const GlobalId id = run.gid[static_cast<std::size_t>(n)];
    for (int k = 0; k < 3; ++k) {
      double want = 0;
      if (id % 2 == 0)
        for (int r : sent_to[static_cast<std::size_t>(n)]) want += ghost_force(id, r, k);
      wrong_return += run.slot_force[3 * static_cast<std::size_t>(n) + k] != want;
      got[3 * static_cast<std::size_t>(id) + k] += run.slot_force[3 * static_cast<std::size_t>(n) + k];
    }
  }
  EXPECT_EQ(wrong_return, 0) << "rank " << comm.rank() << ": returned forces not the receivers' sums";
  comm.allreduce_sum(put.data(), static_cast<int>(put.size()));
  comm.allreduce_sum(got.data(), static_cast<int>(got.size()));
  EXPECT_EQ(put, got) << "forces on ghosts, summed over ranks, differ from the forces returned to their holders";
}

}  // namespace
}  // namespace mc
