// The start-up advice on where a run's threads land (thread_placement.hpp):
// a rank bound to fewer cores than its threads, and more ranks x threads
// than the node's cores with idle threads spinning. Both launches run, and
// slowly (np 2 x ncpu 2 on 2 cores: 100 times slower unless idle threads
// sleep), so minicrash says so and how to launch instead.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "miniapp/driver/thread_placement.hpp"

namespace mc {
namespace {

// threads, rank_cpus, node_ranks, node_cpus, passive
ThreadPlacement placement(int threads, int rank_cpus, int node_ranks, int node_cpus, bool passive) {
  return {threads, rank_cpus, node_ranks, node_cpus, passive};
}

TEST(ThreadPlacement, ThreadsThatFitTheirCoresGetNoWarning) {
  EXPECT_TRUE(thread_placement_warnings(placement(2, 2, 1, 2, false)).empty());   // 1 x 2 on 2 cores
  EXPECT_TRUE(thread_placement_warnings(placement(8, 8, 2, 16, false)).empty());  // 2 x 8 on 16 cores
  EXPECT_TRUE(thread_placement_warnings(placement(1, 1, 4, 2, false)).empty());   // one thread: nothing spins
}

TEST(ThreadPlacement, ARankBoundToFewerCoresThanItsThreadsIsToldHowToLaunch) {
  const auto w = thread_placement_warnings(placement(2, 1, 1, 2, true));
  ASSERT_EQ(w.size(), 1u);
  EXPECT_NE(w[0].find("2 threads on the 1 core(s)"), std::string::npos) << w[0];
  EXPECT_NE(w[0].find("--bind-to none"), std::string::npos) << w[0];
  EXPECT_NE(w[0].find("--map-by slot:PE=2"), std::string::npos) << w[0];
}

TEST(ThreadPlacement, MoreRanksTimesThreadsThanCoresNeedIdleThreadsToSleep) {
  const auto spinning = thread_placement_warnings(placement(2, 2, 2, 2, false));
  ASSERT_EQ(spinning.size(), 1u);
  EXPECT_NE(spinning[0].find("2 ranks x 2 threads on the 2 cores"), std::string::npos) << spinning[0];
  EXPECT_NE(spinning[0].find("OMP_WAIT_POLICY=passive"), std::string::npos) << spinning[0];
  EXPECT_TRUE(thread_placement_warnings(placement(2, 2, 2, 2, true)).empty());  // idle threads sleep
  EXPECT_EQ(thread_placement_warnings(placement(4, 1, 2, 2, false)).size(), 2u);  // bound and crowded
}

TEST(ThreadPlacement, ThisRankSeesItsNodeItsCpuSetAndTheWaitPolicy) {
  Communicator comm;
  const char* before = std::getenv("OMP_WAIT_POLICY");
  const std::string kept = before ? before : "";
  setenv("OMP_WAIT_POLICY", "PASSIVE", 1);
  const ThreadPlacement p = this_rank_placement(3, comm);
  EXPECT_TRUE(p.passive);
  setenv("OMP_WAIT_POLICY", "active", 1);
  EXPECT_FALSE(this_rank_placement(3, comm).passive);
  if (before) setenv("OMP_WAIT_POLICY", kept.c_str(), 1);
  else unsetenv("OMP_WAIT_POLICY");
  EXPECT_EQ(p.threads, 3);
  EXPECT_EQ(p.node_ranks, comm.size());  // the unit tests run on one node
  EXPECT_GE(p.rank_cpus, 1);
  EXPECT_LE(p.rank_cpus, p.node_cpus);
}

}  // namespace
}  // namespace mc
