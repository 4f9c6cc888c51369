#include "miniapp/nodal/rigid_bodies.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "decomposition/parallel/blocked_for.hpp"
#include "io/vec3.hpp"
#include "miniapp/nodal/given_inertia.hpp"
#include "miniapp/nodal/prescribed_motion.hpp"
#include "miniapp/nodal/weld_failure.hpp"

namespace mc {
namespace {

// The eigenvalues and eigenvectors (columns of q) of a symmetric I, by
// cyclic Jacobi rotations (converges in a few sweeps for 3x3).
void eigen_sym3(const Sym3& i, double lambda[3], double q[3][3]) {
  double a[3][3] = {{i[0], i[3], i[5]}, {i[3], i[1], i[4]}, {i[5], i[4], i[2]}};
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) q[r][c] = r == c ? 1.0 : 0.0;
  for (int sweep = 0; sweep < 50; ++sweep) {
    const double off = a[0][1] * a[0][1] + a[1][2] * a[1][2] + a[0][2] * a[0][2];
    if (!(off > 1e-30 * (a[0][0] * a[0][0] + a[1][1] * a[1][1] + a[2][2] * a[2][2]))) break;
    for (int p = 0; p < 2; ++p)
      for (int r = p + 1; r < 3; ++r) {
        if (a[p][r] == 0.0) continue;
        const double theta = 0.5 * (a[r][r] - a[p][p]) / a[p][r];
        const double t = (theta >= 0 ? 1.0 : -1.0) / (std::fabs(theta) + std::sqrt(theta * theta + 1.0));
        const double c = 1.0 / std::sqrt(t * t + 1.0), sn = t * c;
        for (int k = 0; k < 3; ++k) {  // a <- a J, then a <- J^T a; q <- q J
          const double akp = a[k][p], akr = a[k][r];
          a[k][p] = c * akp - sn * akr;
          a[k][r] = sn * akp + c * akr;
        }
        for (int k = 0; k < 3; ++k) {
          const double apk = a[p][k], ark = a[r][k];
          a[p][k] = c * apk - sn * ark;
          a[r][k] = sn * apk + c * ark;
        }
        for (int k = 0; k < 3; ++k) {
          const double qkp = q[k][p], qkr = q[k][r];
          q[k][p] = c * qkp - sn * qkr;
          q[k][r] = sn * qkp + c * qkr;
        }
      }
  }
  for (int k = 0; k < 3; ++k) lambda[k] = a[k][k];
}

// Solves I x = b for a symmetric positive semi-definite I. A body of point
// masses on one line (no rotary inertia) has none about that line, and no
// moment about it either: there x is the least-squares solution, with no
// spin about the line (Cramer's rule would divide by a rounding error).
Vec3 solve(const Sym3& i, const Vec3& b) {
  const double a00 = i[0], a11 = i[1], a22 = i[2], a01 = i[3], a12 = i[4], a02 = i[5];
  const double c00 = a11 * a22 - a12 * a12, c01 = a02 * a12 - a01 * a22, c02 = a01 * a12 - a02 * a11;
  const double c11 = a00 * a22 - a02 * a02, c12 = a01 * a02 - a00 * a12, c22 = a00 * a11 - a01 * a01;
  const double det = a00 * c00 + a01 * c01 + a02 * c02;
  const double scale = (a00 + a11 + a22) / 3;
  if (std::fabs(det) > 1e-9 * scale * scale * scale)
    return {(c00 * b[0] + c01 * b[1] + c02 * b[2]) / det, (c01 * b[0] + c11 * b[1] + c12 * b[2]) / det,
            (c02 * b[0] + c12 * b[1] + c22 * b[2]) / det};
  double lambda[3], q[3][3];
  eigen_sym3(i, lambda, q);
  Vec3 x = {0, 0, 0};
  for (int k = 0; k < 3; ++k) {
    if (!(lambda[k] > 1e-9 * scale)) continue;
    const double along = (q[0][k] * b[0] + q[1][k] * b[1] + q[2][k] * b[2]) / lambda[k];
    for (int d = 0; d < 3; ++d) x[d] += along * q[d][k];
  }
  return x;
}

// I x = b with the rotations in `fixed` (bits 8, 16, 32) held at zero: their
// rows and columns become the identity, so the free ones solve I_ff x_f = b_f
// (the constraint takes whatever moment it needs about the fixed axes).
Vec3 solve_free(Sym3 i, Vec3 b, int fixed) {
  static constexpr int kOff[3][2] = {{3, 5}, {3, 4}, {4, 5}};  // xy zx; xy yz; yz zx
  for (int k = 0; k < 3; ++k) {
    if (!(fixed & (8 << k))) continue;
    i[k] = 1;
    i[kOff[k][0]] = i[kOff[k][1]] = 0;
    b[k] = 0;
  }
  return solve(i, b);
}

// The prescribed spins (body_spin_targets) met at once by an angular
// impulse H = sum mu_i d_i about the prescribed directions d_i alone, with
// d_i . (omega + I^-1 H) = p_i: the free directions answer it through the
// inertia as they would any moment (a body whose inertia couples them
// needs a moment across a prescribed axis to keep spinning about it).
// A direction the body has no inertia about (its nodes on that line) takes
// no impulse. Returns the impulse's work, H . (omega_minus + omega) / 2.
double meet_spin_targets(Vec3& omega, const Sym3& inertia, int fixed, const std::vector<SpinTarget>& targets,
                         const Vec3& omega_minus) {
  const int n = static_cast<int>(targets.size());  // at most 3: each rotation is claimed once (constraint_checks.cpp)
  Vec3 response[3];
  double a[3][4];
  for (int i = 0; i < n; ++i) response[i] = solve_free(inertia, targets[i].direction, fixed);
  double largest = 0;
  for (int i = 0; i < n; ++i) {
    const Vec3& d = targets[i].direction;
    for (int j = 0; j < n; ++j) {
      a[i][j] = dot(d, response[j]);
      largest = std::max(largest, std::fabs(a[i][j]));
    }
    a[i][3] = targets[i].rate - dot(d, omega);
  }
  // Gauss-Jordan with partial pivoting on the n x n system a mu = rhs (column 3).
  bool acts[3] = {false, false, false};
  for (int col = 0; col < n; ++col) {
    int pivot = col;
    for (int r = col + 1; r < n; ++r)
      if (std::fabs(a[r][col]) > std::fabs(a[pivot][col])) pivot = r;
    if (!(std::fabs(a[pivot][col]) > 1e-12 * largest)) continue;
    for (int c = 0; c < 4; ++c) std::swap(a[col][c], a[pivot][c]);
    for (int r = 0; r < n; ++r) {
      if (r == col) continue;
      const double factor = a[r][col] / a[col][col];
      for (int c = 0; c < 4; ++c) a[r][c] -= factor * a[col][c];
    }
    acts[col] = true;
  }
  Vec3 impulse = {0, 0, 0};
  for (int i = 0; i < n; ++i) {
    const double mu = acts[i] ? a[i][3] / a[i][i] : 0.0;
    for (int k = 0; k < 3; ++k) {
      impulse[k] += mu * targets[i].direction[k];
      omega[k] += mu * response[i][k];
    }
  }
  const Vec3 mean_twice = {omega_minus[0] + omega[0], omega_minus[1] + omega[1], omega_minus[2] + omega[2]};
  return 0.5 * dot(impulse, mean_twice);
}

// A fixed translation (bits 1, 2, 4) has no velocity.
void fix_translations(std::array<double, 3>& velocity, int fixed) {
  for (int k = 0; k < 3; ++k)
    if (fixed & (1 << k)) velocity[k] = 0;
}

// Per body, summed over ranks: [0] mass, [1..3] sum m x, [4..6] sum f (or m v),
// [7..9] sum x cross f + nodal moments (or angular momentum), [10..15] inertia about the origin.
constexpr int kSums = 16;

// The bodies that still hold together (a failed weld has left), in order;
// every rank lists the same ones.
std::vector<std::size_t> holding_bodies(const State& s) {
  std::vector<std::size_t> bodies;
  for (std::size_t b = 0; b < s.rigid_bodies.size(); ++b)
    if (s.rigid_bodies[b].holds()) bodies.push_back(b);
  return bodies;
}

// kSums per holding body, then one failure vote per holding weld that can
// fail by force (the votes are taken: this rank's go back to zero). The sums
// are reproducible: a body's motion is the same at every rank count.
std::vector<double> body_sums(State& s, Communicator& comm, bool momentum, const std::vector<std::size_t>& bodies) {
  std::vector<ReproducibleSum> sums(kSums * bodies.size());
  for (std::size_t b : bodies) {
    RigidBody& body = s.rigid_bodies[b];
    if (!body.failure.by_force()) continue;
    sums.emplace_back().add(body.failure_votes);
    body.failure_votes = 0;
  }
  const auto& nd = s.nodes;
  std::vector<std::size_t> sizes;
  for (std::size_t b : bodies) sizes.push_back(s.rigid_bodies[b].nodes.size());
  const std::vector<int> offsets = list_block_offsets(sizes);
  std::vector<ReproducibleSum> partial(kSums * static_cast<std::size_t>(offsets.back()));
  // Each block's terms go to a table, a column per sum, then each column is
  // added at once (ReproducibleSum::add_all: the bins of adding them one by one).
  const auto sum_block = [&](std::size_t slot, int b, std::size_t first, std::size_t last) {
    const std::vector<int>& nodes = s.rigid_bodies[bodies[slot]].nodes;
    double terms[kSums][kListBlock];
    std::size_t count = 0;
    for (std::size_t i = first; i < last; ++i) {
      const int n = nodes[i];
      if (!nd.owned[n]) continue;  // a shared node counts once, on its owner
      const double m = nd.mass(n), j = nd.inertia(n);
      const Vec3 x = {nd.x(n, 0), nd.x(n, 1), nd.x(n, 2)};
      const Vec3 f = momentum ? Vec3{m * nd.v(n, 0), m * nd.v(n, 1), m * nd.v(n, 2)}
                              : Vec3{nd.f(n, 0), nd.f(n, 1), nd.f(n, 2)};
      const Vec3 mom = momentum ? Vec3{j * nd.w(n, 0), j * nd.w(n, 1), j * nd.w(n, 2)}
                                : Vec3{nd.m(n, 0), nd.m(n, 1), nd.m(n, 2)};
      const Vec3 r = cross(x, f);
      terms[0][count] = m;
      for (int k = 0; k < 3; ++k) {
        terms[1 + k][count] = m * x[k];
        terms[4 + k][count] = f[k];
        terms[7 + k][count] = r[k] + mom[k];
      }
      const double xx = x[0] * x[0], yy = x[1] * x[1], zz = x[2] * x[2];
      terms[10][count] = m * (yy + zz) + j;
      terms[11][count] = m * (xx + zz) + j;
      terms[12][count] = m * (xx + yy) + j;
      terms[13][count] = -m * x[0] * x[1];
      terms[14][count] = -m * x[1] * x[2];
      terms[15][count] = -m * x[2] * x[0];
      ++count;
    }
    ReproducibleSum* out = &partial[kSums * static_cast<std::size_t>(b)];
    for (int k = 0; k < kSums; ++k) out[k].add_all(terms[k], count);
  };
  for_lists_blocks("rigid_bodies::sums", sizes, offsets, sum_block);
  for (std::size_t slot = 0; slot < bodies.size(); ++slot)
    for (int b = offsets[slot]; b < offsets[slot + 1]; ++b)
      for (int k = 0; k < kSums; ++k) sums[kSums * slot + k].add(partial[kSums * static_cast<std::size_t>(b) + k]);
  comm.allreduce_sum(sums);
  std::vector<double> values(sums.size());
  for (std::size_t i = 0; i < sums.size(); ++i) values[i] = sums[i].value();
  return values;
}

// A *PART_INERTIA body's sums take its given mass distribution (given_inertia.cpp).
void add_given_inertia_to_sums(const State& s, std::size_t body, double* in) {
  const GivenInertia& given = s.rigid_bodies[body].given;
  if (!given.set) return;
  Vec3 first = {in[1], in[2], in[3]};
  Sym3 inertia = {in[10], in[11], in[12], in[13], in[14], in[15]};
  add_given_inertia(given, in[0], first, inertia);
  for (int k = 0; k < 3; ++k) in[1 + k] = first[k];
  for (int k = 0; k < 6; ++k) in[10 + k] = inertia[k];
}

// Shifts origin-based sums to the centre c: moment and inertia about c.
void about_center(const double* in, double mass, const Vec3& c, Vec3& moment, Sym3& inertia) {
  const Vec3 f = {in[4], in[5], in[6]};
  const Vec3 cf = cross(c, f);
  for (int k = 0; k < 3; ++k) moment[k] = in[7 + k] - cf[k];
  const double cc = c[0] * c[0] + c[1] * c[1] + c[2] * c[2];
  inertia = {in[10] - mass * (cc - c[0] * c[0]), in[11] - mass * (cc - c[1] * c[1]),
             in[12] - mass * (cc - c[2] * c[2]), in[13] + mass * c[0] * c[1],
             in[14] + mass * c[1] * c[2], in[15] + mass * c[2] * c[0]};
}

// Each listed body's velocity on its nodes over the next step dt, all
// bodies in one threaded pass (a node moves with one body: model_validation.cpp).
void impose_body_velocities(State& s, const std::vector<std::size_t>& moved, double dt) {
  std::vector<std::size_t> sizes;
  for (std::size_t b : moved) sizes.push_back(s.rigid_bodies[b].nodes.size());
  auto& nd = s.nodes;
  for_lists_blocks("rigid_bodies::impose", sizes, list_block_offsets(sizes),
                   [&](std::size_t slot, int, std::size_t first, std::size_t last) {
                     const RigidBody& body = s.rigid_bodies[moved[slot]];
                     const BodyTurn turning(body.omega, dt);
                     for (std::size_t i = first; i < last; ++i) {
                       const int n = body.nodes[i];
                       const Vec3 r = {nd.x(n, 0) - body.center[0], nd.x(n, 1) - body.center[1],
                                       nd.x(n, 2) - body.center[2]};
                       const Vec3 turn = turning.velocity(r);
                       for (int k = 0; k < 3; ++k) {
                         nd.v(n, k) = static_cast<Real>(body.velocity[k] + turn[k]);
                         nd.w(n, k) = static_cast<Real>(body.omega[k]);
                       }
                     }
                   });
}

// PNODE: each such body's centre node goes to the centre of mass of the rest
// of the body (the given centre with _INERTIA), where the whole body's
// centre then lies, as LS-DYNA resets it. True where some body has one (the
// same on every rank: its sums are then taken again).
bool place_center_nodes(State& s, const std::vector<std::size_t>& bodies, const std::vector<double>& sums) {
  auto& nd = s.nodes;
  bool any = false;
  for (std::size_t slot = 0; slot < bodies.size(); ++slot) {
    const RigidBody& body = s.rigid_bodies[bodies[slot]];
    any = any || body.places_center_node;
    const int n = body.center_node;
    if (n < 0) continue;
    const double* in = &sums[kSums * slot];
    const double m = nd.mass(n), rest = in[0] - m;
    std::array<double, 3> c = body.given.given_center;
    if (!body.given.set) {
      if (!(rest > 0)) continue;  // the node holds all the mass: it is the centre
      for (int k = 0; k < 3; ++k) c[k] = (in[1 + k] - m * nd.x(n, k)) / rest;
    }
    for (int k = 0; k < 3; ++k) nd.x(n, k) = nd.x0(n, k) = static_cast<Real>(c[k]);
  }
  return any;
}

}  // namespace

// The velocity that carries a point at r from the centre through the
// body's turn over the next step dt: (R(w dt) - I) r / dt, R the rotation by
// |w| dt about w (Rodrigues), written as (w x r) sin(a)/a + w x (w x r) dt
// (1 - cos(a))/a^2, a = |w| dt. The tangent w x r would carry the point off
// its circle: each straight step stretches the radius by sqrt(1 + a^2), so
// a body spun by theta grows by theta a / 2 and its kinetic energy with it.
// dt 0 (the start, before any step): the tangent.
BodyTurn::BodyTurn(const Vec3& w, double step) : omega(w), dt(step) {
  if (!(dt > 0)) return;
  const double a = length(omega) * dt;
  const double half = 0.5 * a;
  sin_ratio = a > 1e-6 ? std::sin(a) / a : 1 - a * a / 6;
  const double half_ratio = half > 1e-6 ? std::sin(half) / half : 1 - half * half / 6;
  cos_ratio = 0.5 * half_ratio * half_ratio;  // (1 - cos a) / a^2
}

void initialize_rigid_bodies(State& s, Communicator& comm) {
  const std::vector<std::size_t> bodies = holding_bodies(s);
  if (bodies.empty()) return;
  std::vector<double> sums = body_sums(s, comm, true, bodies);
  if (place_center_nodes(s, bodies, sums)) sums = body_sums(s, comm, true, bodies);
  std::vector<std::size_t> moved;
  for (std::size_t slot = 0; slot < bodies.size(); ++slot) {
    RigidBody& body = s.rigid_bodies[bodies[slot]];
    const double* in = &sums[kSums * slot];
    if (body.start_given) {  // *INITIAL_VELOCITY_RIGID_BODY overrides every other velocity
      body.given.start_velocity = body.start_velocity;
      body.given.start_spin = body.start_spin;
    }
    if (body.given.set) {  // *PART_INERTIA: the card's mass, centre, inertia and velocities
      start_given_inertia(body, in[0], {in[1], in[2], in[3]}, {in[10], in[11], in[12], in[13], in[14], in[15]});
      moved.push_back(bodies[slot]);
      continue;
    }
    body.mass = in[0];
    if (!(body.mass > 0)) continue;
    for (int k = 0; k < 3; ++k) {
      body.center[k] = in[1 + k] / body.mass;
      body.velocity[k] = in[4 + k] / body.mass;
    }
    Vec3 angular;
    Sym3 inertia;
    // Angular momentum about the centre: L_O - c x (M V).
    about_center(in, body.mass, body.center, angular, inertia);
    body.omega = solve_free(inertia, angular, body.fixed);
    if (body.start_given) {
      body.velocity = body.start_velocity;
      for (int k = 0; k < 3; ++k) body.omega[k] = body.fixed & (8 << k) ? 0.0 : body.start_spin[static_cast<std::size_t>(k)];
    }
    fix_translations(body.velocity, body.fixed);
    moved.push_back(bodies[slot]);
  }
  impose_body_velocities(s, moved, 0.0);
}

void update_rigid_bodies(State& s, Communicator& comm, double dt_avg) {
  fail_welds_at_time(s);
  const std::vector<std::size_t> bodies = holding_bodies(s);
  if (bodies.empty()) return;
  std::vector<double> sums = body_sums(s, comm, false, bodies);
  for (std::size_t slot = 0; slot < bodies.size(); ++slot) add_given_inertia_to_sums(s, bodies[slot], &sums[kSums * slot]);
  const double* vote = sums.data() + kSums * bodies.size();
  std::vector<std::size_t> moved;
  std::vector<std::vector<Vec3>> v_free;  // per moved body that may fail by force: its nodes' own velocities
  for (std::size_t slot = 0; slot < bodies.size(); ++slot) {
    RigidBody& body = s.rigid_bodies[bodies[slot]];
    // A weld some rank saw loaded past its criterion lets go: its nodes keep
    // the velocities they were just given, their own.
    if (body.failure.by_force() && *vote++ > 0) {
      body.failed_at = s.time;
      continue;
    }
    if (!(body.mass > 0)) continue;
    const double* in = &sums[kSums * slot];
    const std::array<double, 3> v_minus = body.velocity;
    for (int k = 0; k < 3; ++k) {
      body.center[k] = in[1 + k] / body.mass;
      body.velocity[k] += in[4 + k] / body.mass * dt_avg;
    }
    Vec3 moment;
    Sym3 inertia;
    about_center(in, body.mass, body.center, moment, inertia);
    if (body.given.set) body.given.body_inertia = inertia;
    // Euler's equations in the global frame: I dw/dt = M - w x (I w).
    const Vec3 gyro = cross(body.omega, multiply(inertia, body.omega));
    const Vec3 alpha = solve_free(inertia, {moment[0] - gyro[0], moment[1] - gyro[1], moment[2] - gyro[2]}, body.fixed);
    const Vec3 omega_minus = body.omega;
    for (int k = 0; k < 3; ++k) body.omega[k] += alpha[k] * dt_avg;
    fix_translations(body.velocity, body.fixed);
    prescribe_body_velocity(s, bodies[slot], v_minus, dt_avg, comm.rank() == 0);
    const std::vector<SpinTarget> spins = body_spin_targets(s, bodies[slot], omega_minus, dt_avg);
    if (!spins.empty()) {
      const double work = meet_spin_targets(body.omega, inertia, body.fixed, spins, omega_minus);
      if (comm.rank() == 0) s.motion_work_local += work;
    }
    moved.push_back(bodies[slot]);
    std::vector<Vec3>& own = v_free.emplace_back();
    if (body.failure.by_force())
      for (int n : body.nodes) own.push_back({s.nodes.v(n, 0), s.nodes.v(n, 1), s.nodes.v(n, 2)});
  }
  impose_body_velocities(s, moved, s.dt_next);
  for (std::size_t slot = 0; slot < moved.size(); ++slot)
    vote_weld_failure(s, s.rigid_bodies[moved[slot]], v_free[slot], dt_avg);
}

}  // namespace mc
