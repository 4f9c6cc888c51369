// A contact node's sides, penalty stiffness, contact thickness and one-ring
// (the nodes of its segments, which the search skips) come from the
// segments around it. Where the partition cuts along a part boundary,
// each holder of a boundary node sees only its own side's segments; the
// holders must still agree on the model-wide values (the one-rank ones),
// or a pair's force would depend on which rank checks it.
#include <gtest/gtest.h>

#include <map>
#include <tuple>
#include <vector>

#include "decomposition/subdomain/local_mesh.hpp"
#include "miniapp/state/distributed_state.hpp"
#include "miniapp/state/state_builder.hpp"
#include "model_builders.hpp"
#include "mpi_test_helpers.hpp"

namespace mc {
namespace {

// A 20 x 10 plate: the left half a soft thin part, the right half a stiff
// thick one, all in one single-surface contact. RCB cuts it across x, so at
// np 2 the cut is the part boundary.
Model two_part_plate() {
  const test::PlateSpec spec = test::plate_spec(20, 10, 40, 20, 0.6);
  Model m = test::plate_model(spec);
  Material stiff = m.materials.at(1);
  stiff.id = 2;
  stiff.youngs *= 3;
  m.materials[2] = stiff;
  Section thick = m.sections.at(1);
  thick.id = 2;
  thick.thickness = 1.4;
  m.sections[2] = thick;
  Part right = m.parts.at(1);
  right.id = 2;
  right.section = 2;
  right.material = 2;
  m.parts[2] = right;
  for (Shell& s : m.shells)
    if ((s.id - 1) % spec.nx >= spec.nx / 2) s.part = 2;
  ContactInterface c;
  c.id = 1;
  c.kind = ContactInterface::Kind::SingleSurface;
  c.slave_all = true;
  m.contacts.push_back(c);
  return m;
}

using NodeValues = std::tuple<int, double, double, std::vector<GlobalId>>;  // sides, stiffness, half thickness, ring

std::map<GlobalId, NodeValues> contact_node_values(const State& s) {
  std::map<GlobalId, NodeValues> values;
  const InterfaceSetup& in = s.contact.interfaces.at(0);
  for (std::size_t i = 0; i < in.node_local.size(); ++i) {
    const auto ring = in.node_ring.begin();
    values[s.nodes.ids[static_cast<std::size_t>(in.node_local[i])]] = {
        in.node_bits[i], in.node_stiffness[i], in.node_half_thickness[i],
        std::vector<GlobalId>(ring + in.node_ring_offset[i], ring + in.node_ring_offset[i + 1])};
  }
  return values;
}

TEST(ContactNodes, HoldersAgreeOnTheModelWideValues) {
  Communicator comm;
  const Model global = two_part_plate();
  const std::map<GlobalId, NodeValues> whole = contact_node_values(build_state(global, whole_model_mesh(global)));
  // The boundary column really differs between the parts' own values.
  const GlobalId boundary = test::plate_node_id({20, 10}, 10, 5);
  ASSERT_GT(std::get<2>(whole.at(boundary)), 0.3);
  ASSERT_EQ(std::get<3>(whole.at(boundary)).size(), 9u);
  const RankState rs = build_rank_state(test::my_subdomain(global, comm), comm);
  int wrong = 0, checked = 0;
  for (const auto& [id, values] : contact_node_values(rs.state)) {
    wrong += values != whole.at(id);
    checked += 1;
  }
  EXPECT_GT(checked, 0);
  EXPECT_EQ(wrong, 0) << "rank " << comm.rank() << ": contact nodes whose sides, stiffness, thickness or ring differ "
                      << "from the one-rank values";
}

}  // namespace
}  // namespace mc
