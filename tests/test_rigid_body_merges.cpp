// *CONSTRAINED_RIGID_BODIES (io/rigid_body_merges.hpp): the reader and its
// checks, and merged rigid parts moving as one body.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

#include "decomposition/subdomain/local_mesh.hpp"
#include "deck_test_helpers.hpp"
#include "miniapp/state/state_builder.hpp"
#include "model_builders.hpp"

namespace mc {
namespace {

using test::error_of;
using test::line_of;
using test::minimal_deck;
using test::read;

// *CONSTRAINED_RIGID_BODIES: PIDL PIDC IFLAG, a merge a card; both parts
// rigid, a part constrained once, no chain back to itself; IFLAG 1 is an
// unsupported option.
TEST(RigidBodyMerges, TheReaderTakesMergesAndNamesBadOnes) {
  const std::string rigid_parts =
      "*NODE\n11,0,0,1\n12,1,0,1\n13,1,1,1\n14,0,1,1\n15,0,0,2\n16,1,0,2\n17,1,1,2\n18,0,1,2\n"
      "*ELEMENT_SHELL\n3,2,11,12,13,14\n4,3,15,16,17,18\n*PART\nlid\n2,1,5\n*PART\ncap\n3,1,5\n"
      "*MAT_RIGID\n5,7.8e-9,210000.,0.3\n";
  const Model m = read(minimal_deck(rigid_parts + "*CONSTRAINED_RIGID_BODIES\n2,3\n"));
  ASSERT_EQ(m.rigid_merges.size(), 1u);
  EXPECT_EQ(m.rigid_merges[0].lead, 2);
  EXPECT_EQ(m.rigid_merges[0].constrained, 3);
  const std::string elastic = minimal_deck(rigid_parts + "*CONSTRAINED_RIGID_BODIES\n2,1\n");
  EXPECT_EQ(error_of(elastic), "deck.k:" + std::to_string(line_of(elastic, "*CONSTRAINED") + 1) +
                                   ": *CONSTRAINED_RIGID_BODIES: part 1 is not rigid (*MAT_RIGID)");
  const std::string twice = minimal_deck(rigid_parts + "*NODE\n19,0,0,3\n20,1,0,3\n21,1,1,3\n22,0,1,3\n"
                                         "*ELEMENT_SHELL\n5,4,19,20,21,22\n*PART\nrim\n4,1,5\n"
                                         "*CONSTRAINED_RIGID_BODIES\n2,3\n4,3\n");
  EXPECT_NE(error_of(twice).find("*CONSTRAINED_RIGID_BODIES: part 3 is already constrained to part 2"),
            std::string::npos)
      << error_of(twice);
  const std::string cycle = minimal_deck(rigid_parts + "*CONSTRAINED_RIGID_BODIES\n2,3\n3,2\n");
  EXPECT_NE(error_of(cycle).find("is its own lead through a chain of merges"), std::string::npos) << error_of(cycle);
  const std::string iflag = minimal_deck(rigid_parts + "*CONSTRAINED_RIGID_BODIES\n2,3,1\n");
  EXPECT_NE(error_of(iflag).find("*CONSTRAINED_RIGID_BODIES (IFLAG) x1"), std::string::npos) << error_of(iflag);
}

// *CONSTRAINED_RIGID_BODIES: two rigid plates apart (no contact), the lower
// at 5 mm/ms up, the upper (part 2, merged into part 1) at rest. Merged,
// they are one body: every distance between a node of one and a node of
// the other stays the same (1e-9 relative), and the common centre of mass
// moves at the mean, 2.5 mm/ms; apart, the upper plate stays where it is.
TEST(RigidBodyMerges, MergedRigidPartsMoveAsOneBody) {
  const auto run = [](bool merged) {
    Model m = test::colliding_plates(1.5, 5.0, 0.0, 0.0);
    m.contacts.clear();
    for (GlobalId part : {1, 2}) {
      Material rigid = m.materials.at(1);
      rigid.id = 10 + part;
      rigid.kind = MaterialKind::Rigid;
      m.materials[rigid.id] = rigid;
      m.parts.at(part).material = rigid.id;
    }
    if (merged) m.rigid_merges.push_back({1, 2, {}});
    test::add_loose_shell(m, 100.0);  // sets the time step (rigid parts set none)
    State s = build_state(m, whole_model_mesh(m));
    const auto distance = [&](int a, int b) {
      return std::hypot(s.nodes.x(a, 0) - s.nodes.x(b, 0), s.nodes.x(a, 1) - s.nodes.x(b, 1),
                        s.nodes.x(a, 2) - s.nodes.x(b, 2));
    };
    const auto local = [&](GlobalId id) {
      return static_cast<int>(std::find(s.nodes.ids.begin(), s.nodes.ids.end(), id) - s.nodes.ids.begin());
    };
    // Plate 1's first and last node (ids 1 and 121) and plate 2's (1001, 1121).
    const int first[2] = {local(1), local(1001)}, last[2] = {local(121), local(1121)};
    const double before[2] = {distance(first[0], first[1]), distance(last[0], last[1])};
    test::run_quietly(s, 0.2);
    double z[2] = {0, 0};
    for (int n = 0; n < s.nodes.count(); ++n) {
      const GlobalId id = s.nodes.ids[static_cast<std::size_t>(n)];
      if (id < 9000) z[id < 1000 ? 0 : 1] += s.nodes.x(n, 2) / 121;  // not the loose shell's nodes
    }
    const double after[2] = {distance(first[0], first[1]), distance(last[0], last[1])};
    std::printf("%s: plate centres moved %.6f and %.6f mm; cross distances %.9f -> %.9f, %.9f -> %.9f\n",
                merged ? "merged" : "apart", z[0], z[1] - 1.5, before[0], after[0], before[1], after[1]);
    return std::array<double, 6>{z[0], z[1] - 1.5, before[0], after[0], before[1], after[1]};
  };
  const auto merged = run(true);
  const auto apart = run(false);
  EXPECT_NEAR(merged[2], merged[3], 1e-9 * merged[2]);
  EXPECT_NEAR(merged[4], merged[5], 1e-9 * merged[4]);
  EXPECT_NEAR(0.5 * (merged[0] + merged[1]), 2.5 * 0.2, 0.005);  // and the last step's overshoot
  EXPECT_NEAR(apart[1], 0.0, 1e-12);
  EXPECT_NEAR(apart[0], 5.0 * 0.2, 0.01);
}

}  // namespace
}  // namespace mc
