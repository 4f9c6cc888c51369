// The arrays that hold the solver state (all Views plus host id tables):
// their bytes, for the memory-per-element figure of the benchmarks and the
// run report, and the walk over them that huge_pages.cpp backs.
#pragma once

#include <cstddef>

#include "miniapp/state/state.hpp"

namespace mc {

// Calls f(data, bytes) once for each array of the state (the node terms
// once where the force terms share them).
template <class F>
void for_each_state_array(const State& s, F f) {
  const auto view = [&](const auto& v) { f(static_cast<const void*>(v.data()), v.span() * sizeof(*v.data())); };
  const auto ids = [&](const std::vector<GlobalId>& v) {
    f(static_cast<const void*>(v.data()), v.size() * sizeof(GlobalId));
  };
  const NodeData& n = s.nodes;
  const ElementData& e = s.elements;
  view(n.x), view(n.x0), view(n.v), view(n.w), view(n.f), view(n.m), view(n.v_before), view(n.w_before);
  view(n.mass), view(n.inertia), view(n.fixed), view(n.terms.offset), view(n.terms.term), ids(n.ids), view(s.corners);
  if (n.force_terms.term.data() != n.terms.term.data()) view(n.force_terms.offset), view(n.force_terms.term);
  view(e.conn), view(e.part), view(e.alive), view(e.density_scale), view(e.points), view(e.shear);
  view(e.hourglass_q), view(e.back_stress), view(e.internal_energy), view(e.hourglass_energy), view(e.yielding);
  view(e.plastic_updates), ids(e.ids);
}

std::size_t state_bytes(const State& state);

}  // namespace mc
