#include "miniapp/nodal/rigid_walls.hpp"

#include <cmath>
#include <limits>

#include "decomposition/parallel/blocked_for.hpp"
#include "io/vec3.hpp"
#include "miniapp/nodal/curve_value.hpp"
#include "miniapp/nodal/nodal_update.hpp"
#include "miniapp/nodal/wall_gaps.hpp"
#include "miniapp/nodal/wall_shapes.hpp"

namespace mc {
namespace {

// How far a node can travel towards a fixed plane in a step of dt, at
// most, with every node's |v_x| + |v_y| + |v_z| at most `fastest`: a bound
// on |vn dt| as the test below rounds it (|v . n| <= (|v_x| + |v_y| +
// |v_z|) max_k |n_k|; the few roundings of the products and sums, each
// 1.1e-16 relative, are covered by the factor 1 + 1e-9, those of
// subnormals by the smallest normal double). An infinite speed (a NaN's,
// Accelerate) gives a reach that skips nothing.
double plane_reach(const WallState& wall, double fastest, double dt) {
  const double axis =
      std::fmax(std::fabs(wall.normal[0]), std::fmax(std::fabs(wall.normal[1]), std::fabs(wall.normal[2])));
  return (fastest * axis + std::fabs(wall.velocity)) * dt * (1 + 1e-9) + std::numeric_limits<double>::min();
}

// The slots of [first, last) whose nodes may meet the wall this step, into
// `out`; returns how many. A plane is tested in one tight pass with the
// same arithmetic as the full test below (so it passes exactly the nodes
// that test would): at any time most of a wall's nodes are far from it,
// and the full test per node, shape switch and all, cost 11 ns a node on
// the Neon-like window (docs/studies.md, "Three passes over every node,
// cut"). A fixed plane's blocks farther than `reach` from it (gaps.beyond)
// are not read: gap > reach >= |vn dt| there, so the test would not pass
// their nodes (wall_gaps.hpp). Other shapes pass every slot on.
std::size_t candidate_slots(const WallState& wall, const NodeData& nd, const double shift[3], double dt,
                            const WallGaps& gaps, std::size_t w, double reach, std::size_t first, std::size_t last,
                            int* out) {
  std::size_t count = 0;
  if (wall.shape.kind != WallShape::Kind::Plane) {
    for (std::size_t slot = first; slot < last; ++slot) out[count++] = static_cast<int>(slot);
    return count;
  }
  const double* axis = wall.normal.data();
  const double along = wall.prescribed ? dot(wall.direction, wall.normal) : 1.0;
  const double wall_speed = wall.velocity * along;
  if (gaps.kept(w) && gaps.beyond(w, static_cast<int>(first / kListBlock), reach)) return 0;
  for (std::size_t slot = first; slot < last; ++slot) {
    const int i = wall.nodes[slot];
    const double gap = plane_gap(wall.point.data(), axis, wall.position, nd.x(i, 0) - shift[0],
                                 nd.x(i, 1) - shift[1], nd.x(i, 2) - shift[2]);
    const double v[3] = {nd.v(i, 0), nd.v(i, 1), nd.v(i, 2)};
    const double vn = (v[0] * axis[0] + v[1] * axis[1] + v[2] * axis[2]) - wall_speed;
    out[count] = static_cast<int>(slot);
    count += !(gap + vn * dt >= 0);  // as the full test: a NaN goes on to it
  }
  return count;
}

}  // namespace

void apply_rigid_walls(State& s, const ByteView& roles, Communicator& comm, double dt, double dt_avg, WallGaps& gaps,
                       double fastest) {
  if (s.walls.empty() || !(dt > 0)) return;
  auto& nd = s.nodes;
  // Per wall: impulse xyz, energy removed; reproducible, so that a moving
  // wall's motion is the same at every rank count.
  std::vector<ReproducibleSum> impulse(4 * s.walls.size());
  for (std::size_t wi = 0; wi < s.walls.size(); ++wi) {
    WallState& wall = s.walls[wi];
    wall.body_hits.clear();
    // A prescribed wall: nodes are seen from where it stands now, and the
    // normal part of its velocity is what they must keep up with.
    double shift[3] = {0, 0, 0};
    if (wall.prescribed) {
      wall.velocity = step_velocity(wall.curve_t, wall.curve_value, wall.prescribed_displacement, s.time, dt,
                                    wall.position);
      for (int k = 0; k < 3; ++k) shift[k] = wall.position * wall.direction[k];
    }
    // Threaded in fixed blocks: each block its own partial sums and body hits,
    // joined in block order (blocked_for.hpp); each node is its own.
    const std::size_t blocks = static_cast<std::size_t>(list_blocks(wall.nodes.size()));
    std::vector<ReproducibleSum> partial(4 * blocks);
    std::vector<std::vector<WallState::BodyHit>> hits(blocks);
    const double reach = plane_reach(wall, fastest, dt);
    for_list_blocks("rigid_walls::nodes", wall.nodes.size(), [&](int b, std::size_t first, std::size_t last) {
      ReproducibleSum* out = &partial[4 * static_cast<std::size_t>(b)];
      int candidates[kListBlock];
      const std::size_t near = candidate_slots(wall, nd, shift, dt, gaps, wi, reach, first, last, candidates);
      for (std::size_t c = 0; c < near; ++c) {
        const std::size_t slot = static_cast<std::size_t>(candidates[c]);
        const int i = wall.nodes[slot];
        const double x[3] = {nd.x(i, 0) - shift[0], nd.x(i, 1) - shift[1], nd.x(i, 2) - shift[2]};
        double gap = 0;
        Vec3 n;
        if (!wall_contact_frame(wall, x, gap, n.data())) continue;
        Vec3 v = {nd.v(i, 0), nd.v(i, 1), nd.v(i, 2)};
        const double along = wall.prescribed ? dot(wall.direction, n) : 1.0;
        const double vn = dot(v, n) - wall.velocity * along;
        if (gap + vn * dt >= 0) continue;
        const double m = nd.mass(i);
        const double dvn = -gap / dt - vn;  // > 0: lands on the plane at the end of the step
        for (int k = 0; k < 3; ++k) v[k] += dvn * n[k];
        if (wall.friction > 0) {
          const double vnn = dot(v, n);
          const Vec3 vt = {v[0] - vnn * n[0], v[1] - vnn * n[1], v[2] - vnn * n[2]};
          const double speed = length(vt);
          const double allowed = wall.friction >= 1 ? 0.0 : std::fmax(0.0, speed - wall.friction * dvn);
          const double keep = speed > 0 ? allowed / speed : 0.0;
          for (int k = 0; k < 3; ++k) v[k] = vnn * n[k] + keep * vt[k];
        }
        // The wall impulse J acts at t^n, so in central differences it works
        // through the mean of v^{n-1/2} and the constrained v^{n+1/2}: a node
        // resting on the wall (both zero) takes no energy out.
        // Every copy of a shared node is constrained alike; only the owner counts it.
        const double count = nd.owned[i] ? 1.0 : 0.0;
        // A rigid body's node: the impulse becomes a force on the body (its
        // update follows), which then moves the node; LS-DYNA's walls act on
        // rigid bodies the same way.
        const int body = wall.on_body[slot];
        const bool on_body = body >= 0 && s.rigid_bodies[static_cast<std::size_t>(body)].holds();
        WallState::BodyHit* hit = on_body ? &hits[static_cast<std::size_t>(b)].emplace_back() : nullptr;
        Real f[3];
        net_force(s, roles, i, f);
        for (int k = 0; k < 3; ++k) {
          const double jk = m * (v[k] - nd.v(i, k));
          const double v_minus = nd.v(i, k) - (m > 0 ? f[k] / m * dt_avg : 0.0);
          out[k] += count * jk;
          if (hit) {
            hit->node = i;
            hit->impulse[k] = count * jk;
            hit->v_minus[k] = v_minus;
            nd.f(i, k) += static_cast<Real>(jk / dt_avg);
          } else {
            out[3] += -count * 0.5 * jk * (v_minus + v[k]);
            nd.v(i, k) = static_cast<Real>(v[k]);
          }
        }
      }
    });
    for (std::size_t i = 0; i < partial.size(); ++i) impulse[4 * wi + i % 4].add(partial[i]);
    for (const auto& block : hits) wall.body_hits.insert(wall.body_hits.end(), block.begin(), block.end());
  }
  gaps.spend();
  bool moving = false;
  for (std::size_t wi = 0; wi < s.walls.size(); ++wi) {
    WallState& wall = s.walls[wi];
    for (int k = 0; k < 3; ++k) wall.local_impulse[k] = impulse[4 * wi + k].value();
    wall.local_absorbed += impulse[4 * wi + 3].value();
    wall.last_dt = dt;
    moving = moving || (wall.moving && wall.mass > 0);
    if (wall.prescribed) wall.position += wall.velocity * dt;
  }
  if (!moving) return;
  // A moving wall of finite mass takes the opposite of the total normal impulse.
  comm.allreduce_sum(impulse);
  for (std::size_t wi = 0; wi < s.walls.size(); ++wi) {
    WallState& wall = s.walls[wi];
    if (!wall.moving || !(wall.mass > 0)) continue;
    const Vec3 in = {impulse[4 * wi].value(), impulse[4 * wi + 1].value(), impulse[4 * wi + 2].value()};
    const double jn = dot(in, wall.normal);
    wall.velocity -= jn / wall.mass;
    wall.position += wall.velocity * dt;
  }
}

void account_body_wall_work(State& s) {
  const auto& nd = s.nodes;
  for (WallState& wall : s.walls)
    for (const WallState::BodyHit& hit : wall.body_hits)
      for (int k = 0; k < 3; ++k) wall.local_absorbed -= 0.5 * hit.impulse[k] * (hit.v_minus[k] + nd.v(hit.node, k));
}

std::vector<double> wall_output_terms(const State& s) {
  std::vector<double> terms(4 * s.walls.size());
  for (std::size_t wi = 0; wi < s.walls.size(); ++wi) {
    for (int k = 0; k < 3; ++k) terms[4 * wi + k] = s.walls[wi].local_impulse[k];
    terms[4 * wi + 3] = s.walls[wi].local_absorbed;
  }
  return terms;
}

void set_wall_outputs(State& s, const double* sums) {
  for (std::size_t wi = 0; wi < s.walls.size(); ++wi) {
    WallState& wall = s.walls[wi];
    const double dt = wall.last_dt > 0 ? wall.last_dt : 1.0;
    // The force the wall exerts on the structure, as LS-DYNA's rwforc gives
    // it (a car moving along -x into a pole: +x, dbrizard/GSA-car-crash).
    for (int k = 0; k < 3; ++k) wall.force[k] = sums[4 * wi + k] / dt;
    wall.absorbed_energy = sums[4 * wi + 3];
  }
}

}  // namespace mc
