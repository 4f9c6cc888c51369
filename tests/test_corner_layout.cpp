// The corner array's layout is spelled twice: by ElementBlock::corner_offset
// (the node terms, the halo, mass lumping) and by corner_force (the shell
// kernel's stores). Both must name the same place, and each corner's packs
// must run on in one piece: the node gather reads each corner's run front
// to back when consecutive nodes meet consecutive elements
// (docs/speed.md, "Corner runs").
#include <gtest/gtest.h>

#include <set>

#include "decomposition/subdomain/local_mesh.hpp"
#include "miniapp/elements/element_block.hpp"
#include "miniapp/state/state_builder.hpp"
#include "model_builders.hpp"

namespace mc {
namespace {

TEST(CornerLayout, KernelStoresAndNodeTermsNameTheSamePlace) {
  // 7 x 5 = 35 shells: the last pack is part full.
  const Model m = test::plate_model(test::plate_spec(7, 5, 70, 50, 1.0));
  State s = build_state(m, whole_model_mesh(m));
  ASSERT_EQ(s.blocks.size(), 1u);
  const ElementBlock& block = *s.blocks[0];
  const int ne = block.count(s), slots = block.corner_slots();
  const CornerForceView view = block.corner_view(s.corners.data());
  std::set<std::int64_t> seen;
  for (int e = 0; e < ne; ++e)
    for (int c = 0; c < slots; ++c) {
      const std::int64_t at = block.corner_offset(e, c);
      EXPECT_EQ(&corner_force(view, e, c, 0), s.corners.data() + at) << "element " << e << " corner " << c;
      EXPECT_EQ(block.element_at(at), e);
      EXPECT_EQ(at % kCornerComponents, 0);
      EXPECT_GE(at, block.corner_base);
      EXPECT_LE(at + kCornerComponents, block.corner_base + block.corner_values());
      EXPECT_TRUE(seen.insert(at).second) << "element " << e << " corner " << c << " shares its place";
      // Corner c of the next element follows it, across packs too.
      if (e + 1 < ne) {
        EXPECT_EQ(block.corner_offset(e + 1, c), at + kCornerComponents);
      }
    }
}

}  // namespace
}  // namespace mc
