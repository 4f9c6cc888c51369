// Modeled compute (miniapp/driver/modeled_compute.hpp): the compute_costs=
// parser names what is wrong, and a run charges each phase exactly the
// model's sum of work x cost, cycle by cycle. The clock a model is checked
// against (clock=cpu) counts a rank's own work, not its waits for a core.
#include <gtest/gtest.h>

#include <chrono>
#include <stdexcept>
#include <string>
#include <thread>

#include "decomposition/subdomain/local_mesh.hpp"
#include "io/deck/input_error.hpp"
#include "miniapp/driver/compute_costs.hpp"
#include "miniapp/driver/options.hpp"
#include "miniapp/driver/simulation.hpp"
#include "miniapp/state/state_builder.hpp"
#include "model_builders.hpp"
#include "option_error.hpp"

namespace mc {
namespace {

std::string message(const std::string& text) {
  try {
    parse_compute_costs(text);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "accepted";
}

TEST(ModeledCompute, BadCostsNameTheProblem) {
  EXPECT_EQ(message("shel:1"), "compute_costs: unknown cost 'shel' (shell, triangle, point, plastic, rigid, scalar, "
                               "element_cycle, contact_pair, contact_node, contact_cycle, node, node_cycle, wall_node, "
                               "wall_cycle, body_node, body_cycle, message, byte)");
  EXPECT_EQ(message("shell:1x"), "compute_costs: cost 'shell': '1x' is not a number");
  EXPECT_EQ(message("shell:-2"), "compute_costs: cost 'shell' is negative");
  EXPECT_EQ(message("shell"), "compute_costs: 'shell' is not name:value");
  EXPECT_EQ(message("shell:0,node:0"), "compute_costs: every cost is zero: nothing would be charged");
  const ComputeCosts c = parse_compute_costs("shell:190.5,node_cycle:3000,byte:0.25");
  EXPECT_EQ(c.shell, 190.5);
  EXPECT_EQ(c.node_cycle, 3000);
  EXPECT_EQ(c.byte, 0.25);
  EXPECT_EQ(c.point, 0);
}

// A 4 x 4 elastic plate (16 quadrilaterals, 25 nodes, NIP 3) for N cycles:
// elements N (16 shell + element_cycle), nodes N (25 node + node_cycle).
TEST(ModeledCompute, EachPhaseIsChargedWorkTimesCostEveryCycle) {
  test::PlateSpec spec;
  spec.nx = spec.ny = 4;
  Model m = test::plate_model(spec);
  State s = build_state(m, whole_model_mesh(m));
  Communicator comm;
  RunSettings rs;
  rs.end_cycle = 37;
  rs.write_files = false;
  rs.progress_seconds = 0;
  rs.compute_costs = parse_compute_costs("shell:100,point:7,element_cycle:1000,node:10,node_cycle:500");
  const RunResult r = run_simulation(s, rs, comm);
  ASSERT_EQ(r.cycles, 37);
  ASSERT_TRUE(r.compute_modeled);
  EXPECT_NEAR(r.modeled.seconds(Phase::Elements), 37 * (16 * 100 + 48 * 7 + 1000) * 1e-9, 1e-15);
  EXPECT_NEAR(r.modeled.seconds(Phase::Nodes), 37 * (25 * 10 + 500) * 1e-9, 1e-15);
  EXPECT_EQ(r.modeled.seconds(Phase::Contact), 0);  // no contact: the phase never runs
}

// A rank that sleeps (as an oversubscribed rank waits for a core) uses no CPU
// time: clock=cpu leaves the wait out, the wall clock keeps it.
TEST(TimerClock, CpuClockLeavesOutTimeWithoutACore) {
  Communicator comm;
  const auto nap = std::chrono::milliseconds(200);
  double t0 = comm.now();
  std::this_thread::sleep_for(nap);
  EXPECT_GE(comm.now() - t0, 0.199);
  comm.set_timer_clock(TimerClock::ThreadCpu);
  t0 = comm.now();
  std::this_thread::sleep_for(nap);
  EXPECT_LT(comm.now() - t0, 0.02);
  comm.set_timer_clock(TimerClock::Wall);
}

TEST(TimerClock, BadClockOptionsNameTheProblem) {
  EXPECT_EQ(test::option_error({"i=d.k", "clock=cpu", "ncpu=2"}),
            "command line: clock=cpu times the calling thread only; it needs ncpu=1");
  EXPECT_EQ(test::option_error({"i=d.k", "clock=cycles"}), "command line: clock must be wall or cpu, got 'cycles'");
  EXPECT_EQ(test::option_error({"i=d.k", "--clock", "cpu"}), "accepted");
}

}  // namespace
}  // namespace mc
