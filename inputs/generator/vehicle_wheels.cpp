// Rigid wheels: an O-grid disc from the knuckle's lattice rim out to the rim
// radius, and the tread cylinder across it. The disc starts on the knuckle's
// rim nodes, so the wheel (one rigid body) is hung on the suspension by
// shared nodes; its first ring has a few triangles where it fans out from
// them (a node between them would hang on the knuckle's edges).
#include "inputs/generator/vehicle_wheels.hpp"

#include <algorithm>
#include <cmath>

#include "io/deck/input_error.hpp"
#include "io/vec3.hpp"

namespace mc {
namespace {

// The wheel on the lattice: the hub rectangle's edges split so rim points
// come about one element size apart (fine x and z stations, each with its
// lattice line, -1 between lines), the radius and tread span that clear the
// snapped wheelhouse, and the divisions.
struct WheelGrid {
  std::vector<double> x, z;
  std::vector<int> x_line, z_line;
  int j = 0;                       // the hub plane's lattice line
  double radius = 0, tread_in = 0, tread_out = 0;  // tread from/to these y (signed)
  int rings = 0, across_in = 0, across_out = 0;
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
  const LatticeAxis &ax = lattice.axis(0), &ay = lattice.axis(1), &az = lattice.axis(2);
  auto snapped = [](const LatticeAxis& a, double feature) { return a.coordinate(a.line(feature)); };
  const int i0 = ax.line(w.x - w.hub_half), i1 = ax.line(w.x + w.hub_half);
  const int k0 = az.line(w.z - w.hub_half), k1 = az.line(w.z + w.hub_half);
  WheelGrid g;
  g.j = ay.line(w.hub_y);
  const double xc = 0.5 * (ax.coordinate(i0) + ax.coordinate(i1)), zc = 0.5 * (az.coordinate(k0) + az.coordinate(k1));
  const double clear = std::max(10.0, 0.1 * h), hub = ay.coordinate(g.j), side = hub > 0 ? 1 : -1;
  g.radius = std::min({w.radius, snapped(az, w.house_top) - zc - clear, xc - snapped(ax, w.house_x0) - clear,
                       snapped(ax, w.house_x1) - xc - clear});
  const double hub_corner = std::hypot(ax.coordinate(i1) - xc, az.coordinate(k1) - zc);
  if (i1 <= i0 || k1 <= k0 || g.radius < 1.2 * hub_corner)
    throw InputError("generator: element size " + std::to_string(h) + " mm leaves no room for a wheel (scale too small)");
  g.tread_in = side * std::max(std::abs(hub) - w.width / 2, std::abs(snapped(ay, w.house_inner)) + clear);
  g.tread_out = side * std::min(std::abs(hub) + w.width / 2, std::abs(snapped(ay, w.house_outer)) - clear);
  // About 2 pi R / h rim points over the hub's perimeter.
  const double hub_perimeter = 2 * (ax.coordinate(i1) - ax.coordinate(i0) + az.coordinate(k1) - az.coordinate(k0));
  const double step = hub_perimeter * h / (2 * kPi * g.radius);
  stations(ax, i0, i1, step, g.x, g.x_line);
  stations(az, k0, k1, step, g.z, g.z_line);
  auto divisions = [h](double length) { return std::max(1, static_cast<int>(std::lround(length / h))); };
  g.rings = divisions(g.radius - w.hub_half);
  // A tread half squeezed narrower than a quarter of the rim spacing is left out (aspect ratio).
  const double spacing = 2 * kPi * g.radius / g.perimeter();
  auto across = [&](double width) { return width < 0.25 * spacing ? 0 : divisions(width); };
  g.across_in = across(std::abs(hub - g.tread_in));
  g.across_out = across(std::abs(g.tread_out - hub));
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
  return std::int64_t{g.perimeter()} * (g.rings + g.across_in + g.across_out);
}

void mesh_wheel(const LatticeMesh& lattice, const WheelSpec& w, double h, Model& m) {
  const WheelGrid g = wheel_grid(lattice, w, h);
  const int n = g.perimeter();
  const double hub = lattice.axis(1).coordinate(g.j);
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
    rim_x[p] = xc + g.radius * std::cos(angle);
    rim_z[p] = zc + g.radius * std::sin(angle);
  }
  auto ring = [&](double t, double y) {  // t = 0 hub, 1 rim
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
  // Disc: the first ring fans out from the knuckle's lattice nodes. Along
  // each knuckle edge A-B: triangles from A, one quad A-B, triangles from B.
  Loop previous = ring(1.0 / g.rings, hub);
  for (int a = 0; a < n;) {
    int b = a + 1;
    while (!knuckle[b % n]) ++b;
    const GlobalId na = knuckle[a], nb = knuckle[b % n];
    const int middle = a + (b - a) / 2;
    for (int p = a; p < b; ++p) {
      const GlobalId r0 = previous[p % n], r1 = previous[(p + 1) % n];
      if (p == middle) quad(na, nb, r1, r0);
      else quad(p < middle ? na : nb, r1, r0, r0);  // triangle: n3 = n4
    }
    a = b;
  }
  for (int r = 2; r <= g.rings; ++r) {
    Loop next_loop = ring(static_cast<double>(r) / g.rings, hub);
    band(previous, next_loop);
    previous = next_loop;
  }
  // Tread: from the rim at the disc out to each side.
  const Loop rim = previous;
  for (const auto& [end, count] : {std::make_pair(g.tread_in, g.across_in), std::make_pair(g.tread_out, g.across_out)}) {
    Loop last = rim;
    for (int a = 1; a <= count; ++a) {
      Loop next_loop = ring(1.0, hub + (end - hub) * a / count);
      band(last, next_loop);
      last = next_loop;
    }
  }
}

}  // namespace mc
