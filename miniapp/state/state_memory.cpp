#include "miniapp/state/state_memory.hpp"

namespace mc {
namespace {

template <class View>
std::size_t bytes(const View& v) {
  return v.span() * sizeof(typename View::value_type);
}

}  // namespace

std::size_t state_bytes(const State& s) {
  const NodeData& n = s.nodes;
  const ElementData& e = s.elements;
  std::size_t total = bytes(n.x) + bytes(n.x0) + bytes(n.v) + bytes(n.w) + bytes(n.f) + bytes(n.m) +
                      bytes(n.v_before) + bytes(n.w_before) + bytes(n.mass) + bytes(n.inertia) + bytes(n.fixed) +
                      bytes(n.terms.offset) + bytes(n.terms.term) + n.ids.size() * sizeof(GlobalId) + bytes(s.corners);
  if (n.force_terms.term.data() != n.terms.term.data())
    total += bytes(n.force_terms.offset) + bytes(n.force_terms.term);
  total += bytes(e.conn) + bytes(e.part) + bytes(e.alive) + bytes(e.density_scale) + bytes(e.points) +
           bytes(e.shear) + bytes(e.hourglass_q) + bytes(e.back_stress) + bytes(e.internal_energy) +
           bytes(e.hourglass_energy) + bytes(e.yielding) + bytes(e.plastic_updates) + e.ids.size() * sizeof(GlobalId);
  return total;
}

}  // namespace mc
