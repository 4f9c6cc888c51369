#include "miniapp/outputs/vtk_snapshot.hpp"

#include <algorithm>
#include <cmath>

namespace mc {

MeshSnapshot make_snapshot(const State& s, int rank) {
  Kokkos::fence();  // the element and nodal kernels must have finished before the host reads
  MeshSnapshot snap;
  snap.time = s.time;
  snap.rank = rank;
  const NodeData& nd = s.nodes;
  const int nn = nd.count();
  snap.x.reserve(3 * nn);
  snap.displacement.reserve(3 * nn);
  snap.velocity.reserve(3 * nn);
  for (int n = 0; n < nn; ++n)
    for (int k = 0; k < 3; ++k) {
      snap.x.push_back(nd.x(n, k));
      snap.displacement.push_back(double(nd.x(n, k)) - double(nd.x0(n, k)));
      snap.velocity.push_back(nd.v(n, k));
    }
  snap.node_id.assign(nd.ids.begin(), nd.ids.end());

  const ElementData& el = s.elements;
  for (int e = 0; e < el.count(); ++e) {
    if (!el.alive(e)) continue;
    const int p = el.part(e);
    const PartParams& part = s.parts(p);
    const bool rigid = stressless_part(s, p);
    double epsp = 0, von_mises = 0;
    for (int k = 0; !rigid && k < part.nip; ++k) {
      const double sxx = packed(el.points, e, 4 * k), syy = packed(el.points, e, 4 * k + 1),
                   sxy = packed(el.points, e, 4 * k + 2);
      // sxx^2 - sxx syy + syy^2 + 3 sxy^2, as a sum of squares: never negative by rounding.
      const double a = sxx - 0.5 * syy;
      von_mises = std::max(von_mises, std::sqrt(a * a + 0.75 * syy * syy + 3 * sxy * sxy));
      epsp = std::max(epsp, double(packed(el.points, e, 4 * k + 3)));
    }
    for (int c = 0; c < 4; ++c) snap.connectivity.push_back(el.conn(e, c));
    snap.plastic_strain.push_back(epsp);
    snap.von_mises.push_back(von_mises);
    snap.part_id.push_back(s.part_info[p].id);
    snap.element_id.push_back(el.ids[e]);
  }
  return snap;
}

}  // namespace mc
