// Rigid wheels: an O-grid disc from the knuckle's lattice rim out to the
// tyre radius, the tread cylinder, and the outer disc closed by a copy of
// the hub grid. The inner disc starts on the knuckle's rim nodes, so the
// wheel (one rigid body) is hung on the suspension by shared nodes.
#include "inputs/generator/vehicle_wheels.hpp"

#include <algorithm>
#include <cmath>

#include "io/input_error.hpp"

namespace mc {
namespace {

struct WheelGrid {
  int i0, i1, k0, k1, j;  // hub rectangle on the lattice (x lines i, z lines k) in the plane y line j
  int rings, across;      // disc rings, tread divisions
  int perimeter() const { return 2 * ((i1 - i0) + (k1 - k0)); }
};

WheelGrid wheel_grid(const LatticeMesh& lattice, const WheelSpec& w, double h) {
  WheelGrid g;
  g.i0 = lattice.axis(0).line(w.x - w.hub_half);
  g.i1 = lattice.axis(0).line(w.x + w.hub_half);
  g.k0 = lattice.axis(2).line(w.z - w.hub_half);
  g.k1 = lattice.axis(2).line(w.z + w.hub_half);
  g.j = lattice.axis(1).line(w.hub_y);
  if (g.i1 <= g.i0 || g.k1 <= g.k0)
    throw InputError("generator: element size " + std::to_string(h) + " mm is larger than a wheel hub (scale too small)");
  g.rings = std::max(1, static_cast<int>(std::lround((w.radius - w.hub_half) / h)));
  g.across = std::max(1, static_cast<int>(std::lround(std::abs(w.width) / h)));
  return g;
}

// Lattice (i, k) of the hub rectangle's rim point p, counterclockwise from (i0, k0).
void rim_point(const WheelGrid& g, int p, int& i, int& k) {
  const int nx = g.i1 - g.i0, nz = g.k1 - g.k0;
  if (p < nx) { i = g.i0 + p; k = g.k0; }
  else if (p < nx + nz) { i = g.i1; k = g.k0 + (p - nx); }
  else if (p < 2 * nx + nz) { i = g.i1 - (p - nx - nz); k = g.k1; }
  else { i = g.i0; k = g.k1 - (p - 2 * nx - nz); }
}

}  // namespace

std::int64_t wheel_shells(const LatticeMesh& lattice, const WheelSpec& w, double h) {
  const WheelGrid g = wheel_grid(lattice, w, h);
  return std::int64_t{g.perimeter()} * (2 * g.rings + g.across) + std::int64_t{g.i1 - g.i0} * (g.k1 - g.k0);
}

void mesh_wheel(const LatticeMesh& lattice, const WheelSpec& w, double h, Model& m) {
  const WheelGrid g = wheel_grid(lattice, w, h);
  const int n = g.perimeter();
  const double y_in = lattice.axis(1).coordinate(g.j), y_out = y_in + w.width;
  const double xc = 0.5 * (lattice.axis(0).coordinate(g.i0) + lattice.axis(0).coordinate(g.i1));
  const double zc = 0.5 * (lattice.axis(2).coordinate(g.k0) + lattice.axis(2).coordinate(g.k1));
  GlobalId next = m.nodes.back().id + 1;
  auto add_node = [&](double x, double y, double z) {
    m.nodes.push_back({next, {x, y, z}});
    return next++;
  };
  // Node ids of one loop of n points (index p mod n).
  using Loop = std::vector<GlobalId>;
  std::vector<double> hub_x(n), hub_z(n), rim_x(n), rim_z(n);
  Loop hub(n);
  for (int p = 0; p < n; ++p) {
    int i, k;
    rim_point(g, p, i, k);
    hub[p] = lattice.node_id(i, g.j, k);
    hub_x[p] = lattice.axis(0).coordinate(i);
    hub_z[p] = lattice.axis(2).coordinate(k);
    const double angle = std::atan2(hub_z[p] - zc, hub_x[p] - xc);
    rim_x[p] = xc + w.radius * std::cos(angle);
    rim_z[p] = zc + w.radius * std::sin(angle);
  }
  auto ring = [&](double t, double y) {  // t = 0 hub, 1 tyre radius
    Loop loop(n);
    for (int p = 0; p < n; ++p)
      loop[p] = add_node(hub_x[p] + t * (rim_x[p] - hub_x[p]), y, hub_z[p] + t * (rim_z[p] - hub_z[p]));
    return loop;
  };
  GlobalId eid = m.shells.back().id + 1;
  auto band = [&](const Loop& a, const Loop& b) {
    for (int p = 0; p < n; ++p) {
      Shell s;
      s.id = eid++;
      s.part = w.part;
      s.nodes = {a[p], a[(p + 1) % n], b[(p + 1) % n], b[p]};
      m.shells.push_back(s);
    }
  };
  Loop previous = hub;
  for (int r = 1; r <= g.rings; ++r) {  // inner disc
    Loop next_loop = ring(static_cast<double>(r) / g.rings, y_in);
    band(previous, next_loop);
    previous = next_loop;
  }
  for (int a = 1; a <= g.across; ++a) {  // tread
    Loop next_loop = ring(1.0, y_in + w.width * a / g.across);
    band(previous, next_loop);
    previous = next_loop;
  }
  for (int r = g.rings - 1; r >= 0; --r) {  // outer disc
    Loop next_loop = ring(static_cast<double>(r) / g.rings, y_out);
    band(previous, next_loop);
    previous = next_loop;
  }
  const Loop& outer_hub = previous;
  // Hub grid of the outer disc: its rim is the last loop, interior nodes new.
  const int nx = g.i1 - g.i0, nz = g.k1 - g.k0;
  std::vector<GlobalId> grid(static_cast<std::size_t>((nx + 1) * (nz + 1)));
  auto at = [&](int i, int k) -> GlobalId& { return grid[static_cast<std::size_t>((k - g.k0) * (nx + 1) + (i - g.i0))]; };
  for (int p = 0; p < n; ++p) {
    int i, k;
    rim_point(g, p, i, k);
    at(i, k) = outer_hub[p];
  }
  for (int k = g.k0 + 1; k < g.k1; ++k)
    for (int i = g.i0 + 1; i < g.i1; ++i)
      at(i, k) = add_node(lattice.axis(0).coordinate(i), y_out, lattice.axis(2).coordinate(k));
  for (int k = g.k0; k < g.k1; ++k)
    for (int i = g.i0; i < g.i1; ++i) {
      Shell s;
      s.id = eid++;
      s.part = w.part;
      s.nodes = {at(i, k), at(i + 1, k), at(i + 1, k + 1), at(i, k + 1)};
      m.shells.push_back(s);
    }
}

}  // namespace mc
