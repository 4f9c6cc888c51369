#include "miniapp/nodal/given_inertia.hpp"

#include "miniapp/nodal/rigid_bodies.hpp"

namespace mc {

namespace {

Vec3 plus(const Vec3& a, const Vec3& b) { return {a[0] + b[0], a[1] + b[1], a[2] + b[2]}; }
Vec3 scaled(const Vec3& a, double f) { return {a[0] * f, a[1] * f, a[2] * f}; }

// What moving the reference point adds to an inertia tensor: for mass m with
// first moment s about p, the inertia about q is J_p + shift(m, s, p - q),
// shift = m (|d|^2 1 - d d^T) + 2 (d.s) 1 - d s^T - s d^T (parallel axes).
Sym3 shift(double m, const Vec3& s, const Vec3& d) {
  const double dd = dot(d, d), ds = dot(d, s);
  const double diag = m * dd + 2 * ds;
  return {diag - m * d[0] * d[0] - 2 * d[0] * s[0], diag - m * d[1] * d[1] - 2 * d[1] * s[1],
          diag - m * d[2] * d[2] - 2 * d[2] * s[2], -m * d[0] * d[1] - d[0] * s[1] - s[0] * d[1],
          -m * d[1] * d[2] - d[1] * s[2] - s[1] * d[2], -m * d[2] * d[0] - d[2] * s[0] - s[2] * d[0]};
}

Sym3 add(const Sym3& a, const Sym3& b, double f) {
  Sym3 out;
  for (int k = 0; k < 6; ++k) out[k] = a[k] + f * b[k];
  return out;
}

}  // namespace

GivenInertia given_inertia(const RigidInertia& card, int part) {
  GivenInertia g;
  g.set = true;
  g.part = part;
  g.given_mass = card.mass;
  g.given_center = card.center;
  g.given_inertia = card.inertia;
  g.start_velocity = card.velocity;
  g.start_spin = card.spin;
  return g;
}

void start_given_inertia(RigidBody& body, double nodes_mass, const Vec3& nodes_first_moment,
                         const Sym3& nodes_inertia) {
  GivenInertia& g = body.given;
  const Vec3 c = g.given_center;
  g.mass = g.given_mass - nodes_mass;
  g.point = c;
  g.moment = minus(scaled(c, nodes_mass), nodes_first_moment);  // about c: the given's is zero
  const Sym3 given_about_origin = add(g.given_inertia, shift(g.given_mass, {0, 0, 0}, c), 1);
  const Sym3 about_origin = add(given_about_origin, nodes_inertia, -1);
  g.inertia = add(about_origin, shift(g.mass, g.moment, c), -1);
  body.mass = g.given_mass;
  body.center = c;
  g.body_inertia = g.given_inertia;
  body.velocity = g.start_velocity;
  body.omega = g.start_spin;
  for (int k = 0; k < 3; ++k) {
    if (body.fixed & (1 << k)) body.velocity[k] = 0;
    if (body.fixed & (8 << k)) body.omega[k] = 0;
  }
}

void add_given_inertia(const GivenInertia& g, double& mass, Vec3& first_moment, Sym3& inertia) {  // about the origin
  mass += g.mass;
  first_moment = plus(first_moment, plus(scaled(g.point, g.mass), g.moment));
  inertia = add(inertia, add(g.inertia, shift(g.mass, g.moment, g.point), 1), 1);
}

// The distribution turns with the body by R (Rodrigues, as its nodes do:
// turn_velocity): its point as a node, its moment s -> R s, its inertia R J R^T.
void advance_given_inertias(State& s, double dt) {
  for (RigidBody& body : s.rigid_bodies) {
    GivenInertia& g = body.given;
    if (!g.set) continue;
    const Vec3 r = minus(g.point, body.center);
    g.point = plus(g.point, scaled(plus(body.velocity, turn_velocity(body.omega, r, dt)), dt));
    g.moment = plus(g.moment, scaled(turn_velocity(body.omega, g.moment, dt), dt));
    double rot[3][3];
    for (int j = 0; j < 3; ++j) {
      Vec3 e = {0, 0, 0};
      e[static_cast<std::size_t>(j)] = 1;
      const Vec3 column = plus(e, scaled(turn_velocity(body.omega, e, dt), dt));
      for (int i = 0; i < 3; ++i) rot[i][j] = column[static_cast<std::size_t>(i)];
    }
    g.inertia = turned(rot, g.inertia);
  }
}

void keep_given_inertia_velocities(State& s) {
  for (RigidBody& body : s.rigid_bodies) {
    if (!body.given.set) continue;
    body.given.velocity_before = body.velocity;
    body.given.omega_before = body.omega;
  }
}

// The whole body goes to its part (its nodes are left out of the node sums:
// the given values hold them). Kinetic energy as the nodes count theirs,
// 1/2 v^{n-1/2}.v^{n+1/2} (at the start, of the starting velocities):
// 1/2 (M V_b.V_a + w_b.I w_a), I about the centre.
void add_given_inertia_energies(const State& s, double* part_terms, int fields) {
  const bool at_start = s.cycle == 0;
  for (const RigidBody& body : s.rigid_bodies) {
    const GivenInertia& g = body.given;
    if (!g.set) continue;
    const Vec3& va = at_start ? g.velocity_before : body.velocity;
    const Vec3& wa = at_start ? g.omega_before : body.omega;
    double* out = part_terms + static_cast<std::size_t>(fields) * static_cast<std::size_t>(g.part);
    out[1] += 0.5 * (body.mass * dot(g.velocity_before, va) + dot(g.omega_before, multiply(g.body_inertia, wa)));
    out[3] += body.mass;
    for (int k = 0; k < 3; ++k) out[4 + k] += body.mass * va[static_cast<std::size_t>(k)];
  }
}

std::vector<char> nodes_on_given_bodies(const State& s) {
  std::vector<char> on;
  for (const RigidBody& body : s.rigid_bodies) {
    if (!body.given.set) continue;
    on.resize(static_cast<std::size_t>(s.nodes.count()), 0);
    for (int n : body.nodes) on[static_cast<std::size_t>(n)] = 1;
  }
  return on;
}

}  // namespace mc
