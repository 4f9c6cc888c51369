// Rigid wheels: an O-grid disc from the knuckle's lattice rim out to the
// tyre radius, the tread cylinder, and the outer disc closed by a copy of
// the hub grid. The inner disc starts on the knuckle's rim nodes, so the
// wheel (one rigid body) is hung on the suspension by shared nodes; its
// first ring has a few triangles where it fans out from them.
#include "inputs/generator/vehicle_wheels.hpp"

#include <algorithm>
#include <cmath>

#include "io/input_error.hpp"

namespace mc {
namespace {

// The hub rectangle on the lattice, its edges split so the rim points come
// about one element size apart: fine x and z stations, each with its lattice
// line (-1 between lines), in the plane y line j.
struct WheelGrid {
  std::vector<double> x, z;
  std::vector<int> x_line, z_line;
  int j, rings, across;  // plane; disc rings, tread divisions
  int nx() const { return static_cast<int>(x.size()) - 1; }
  int nz() const { return static_cast<int>(z.size()) - 1; }
  int perimeter() const { return 2 * (nx() + nz()); }
};

// Stations from line first to line last, each lattice gap split in pieces of about `step`.
void stations(const LatticeAxis& axis, int first, int last, double step, std::vector<double>& at,
              std::vector<int>& line) {
  for (int l = first; l < last; ++l) {
    const double a = axis.coordinate(l), b = axis.coordinate(l + 1);
    const int pieces = std::max(1, static_cast<int>(std::lround((b - a) / step)));
    for (int p = 0; p < pieces; ++p) {
      at.push_back(a + (b - a) * p / pieces);
      line.push_back(p == 0 ? l : -1);
    }
  }
  at.push_back(axis.coordinate(last));
  line.push_back(last);
}

WheelGrid wheel_grid(const LatticeMesh& lattice, const WheelSpec& w, double h) {
  const LatticeAxis &ax = lattice.axis(0), &az = lattice.axis(2);
  const int i0 = ax.line(w.x - w.hub_half), i1 = ax.line(w.x + w.hub_half);
  const int k0 = az.line(w.z - w.hub_half), k1 = az.line(w.z + w.hub_half);
  if (i1 <= i0 || k1 <= k0)
    throw InputError("generator: element size " + std::to_string(h) + " mm is larger than a wheel hub (scale too small)");
  // About 2 pi R / h rim points over the hub's perimeter.
  const double hub_perimeter = 2 * (ax.coordinate(i1) - ax.coordinate(i0) + az.coordinate(k1) - az.coordinate(k0));
  const double step = hub_perimeter * h / (2 * 3.14159265358979323846 * w.radius);
  WheelGrid g;
  stations(ax, i0, i1, step, g.x, g.x_line);
  stations(az, k0, k1, step, g.z, g.z_line);
  g.j = lattice.axis(1).line(w.hub_y);
  g.rings = std::max(1, static_cast<int>(std::lround((w.radius - w.hub_half) / h)));
  g.across = std::max(1, static_cast<int>(std::lround(std::abs(w.width) / h)));
  return g;
}

// Fine grid point (u, v) of the hub rectangle p steps counterclockwise from its corner (0, 0).
void rim_point(const WheelGrid& g, int p, int& u, int& v) {
  const int nx = g.nx(), nz = g.nz();
  if (p < nx) { u = p; v = 0; }
  else if (p < nx + nz) { u = nx; v = p - nx; }
  else if (p < 2 * nx + nz) { u = nx - (p - nx - nz); v = nz; }
  else { u = 0; v = nz - (p - 2 * nx - nz); }
}

}  // namespace

std::int64_t wheel_shells(const LatticeMesh& lattice, const WheelSpec& w, double h) {
  const WheelGrid g = wheel_grid(lattice, w, h);
  return std::int64_t{g.perimeter()} * (2 * g.rings + g.across) + std::int64_t{g.nx()} * g.nz();
}

void mesh_wheel(const LatticeMesh& lattice, const WheelSpec& w, double h, Model& m) {
  const WheelGrid g = wheel_grid(lattice, w, h);
  const int n = g.perimeter(), nx = g.nx(), nz = g.nz();
  const double y_in = lattice.axis(1).coordinate(g.j), y_out = y_in + w.width;
  const double xc = 0.5 * (g.x.front() + g.x.back()), zc = 0.5 * (g.z.front() + g.z.back());
  const double half_x = g.x.back() - xc, half_z = g.z.back() - zc;
  GlobalId next = m.nodes.back().id + 1;
  auto add_node = [&](double x, double y, double z) {
    m.nodes.push_back({next, {x, y, z}});
    return next++;
  };
  using Loop = std::vector<GlobalId>;  // node ids of one loop of n points
  std::vector<double> hub_x(n), hub_z(n), rim_x(n), rim_z(n);
  std::vector<GlobalId> knuckle(n, 0);  // the knuckle's lattice node at a fine point, or 0 between them
  for (int p = 0; p < n; ++p) {
    int u, v;
    rim_point(g, p, u, v);
    hub_x[p] = g.x[static_cast<std::size_t>(u)];
    hub_z[p] = g.z[static_cast<std::size_t>(v)];
    const int i = g.x_line[static_cast<std::size_t>(u)], k = g.z_line[static_cast<std::size_t>(v)];
    if (i >= 0 && k >= 0) knuckle[p] = lattice.node_id(i, g.j, k);
    // Each rim point straight out from its hub point, with the hub stretched
    // to a square so its corners go to the diagonals.
    const double angle = std::atan2((hub_z[p] - zc) / half_z, (hub_x[p] - xc) / half_x);
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
  auto quad = [&](GlobalId a, GlobalId b, GlobalId c, GlobalId d) {
    Shell s;
    s.id = eid++;
    s.part = w.part;
    s.nodes = {a, b, c, d};
    m.shells.push_back(s);
  };
  auto band = [&](const Loop& a, const Loop& b) {
    for (int p = 0; p < n; ++p) quad(a[p], a[(p + 1) % n], b[(p + 1) % n], b[p]);
  };
  // First ring: from the knuckle's lattice nodes only (a node between them
  // would hang on the knuckle's edge) to all n points, a triangle for each
  // fine step that does not end on a lattice node.
  Loop previous = ring(1.0 / g.rings, y_in);
  GlobalId corner = knuckle[0];
  for (int p = 0; p < n; ++p) {
    const GlobalId ahead = knuckle[(p + 1) % n];
    if (ahead) quad(corner, ahead, previous[(p + 1) % n], previous[p]);
    else quad(corner, previous[(p + 1) % n], previous[p], previous[p]);  // triangle: n3 = n4
    if (ahead) corner = ahead;
  }
  for (int r = 2; r <= g.rings; ++r) {  // inner disc
    Loop next_loop = ring(static_cast<double>(r) / g.rings, y_in);
    band(previous, next_loop);
    previous = next_loop;
  }
  for (int a = 1; a <= g.across; ++a) {  // tread
    Loop next_loop = ring(1.0, y_in + w.width * a / g.across);
    band(previous, next_loop);
    previous = next_loop;
  }
  for (int r = g.rings - 1; r >= 1; --r) {  // outer disc
    Loop next_loop = ring(static_cast<double>(r) / g.rings, y_out);
    band(previous, next_loop);
    previous = next_loop;
  }
  // The outer disc's hub: a fine grid whose rim closes the last ring.
  std::vector<GlobalId> grid(static_cast<std::size_t>((nx + 1) * (nz + 1)));
  auto at = [&](int u, int v) -> GlobalId& { return grid[static_cast<std::size_t>(v * (nx + 1) + u)]; };
  for (int v = 0; v <= nz; ++v)
    for (int u = 0; u <= nx; ++u)
      at(u, v) = add_node(g.x[static_cast<std::size_t>(u)], y_out, g.z[static_cast<std::size_t>(v)]);
  Loop rim(n);
  for (int p = 0; p < n; ++p) {
    int u, v;
    rim_point(g, p, u, v);
    rim[p] = at(u, v);
  }
  band(previous, rim);
  for (int v = 0; v < nz; ++v)
    for (int u = 0; u < nx; ++u) quad(at(u, v), at(u + 1, v), at(u + 1, v + 1), at(u, v + 1));
}

}  // namespace mc
