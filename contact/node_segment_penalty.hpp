// The narrow phase of one node-segment pair: the closest point of the
// segment to the node, and the penalty and friction force when the node is
// closer than the contact distance (half thicknesses of both shells: contact
// acts on both sides of a shell's mid-surface). The distance is measured to
// the nearest point of the segment, edges included, so a node sliding off
// an edge is pushed radially away from it instead of snagging.
#pragma once

#include <cmath>

namespace mc {

struct SegmentPoint {
  double x[3];       // closest point
  double weight[4];  // its shape-function weights on the segment's corners (sum 1)
  double distance2;  // squared distance to the node
};

// Closest point of triangle (a, b, c) to p (Ericson, Real-Time Collision
// Detection, 5.1.5), as barycentric weights.
inline void closest_on_triangle(const double* p, const double* a, const double* b, const double* c, double w[3]) {
  double ab[3], ac[3], ap[3], bp[3], cp[3];
  for (int k = 0; k < 3; ++k) {
    ab[k] = b[k] - a[k];
    ac[k] = c[k] - a[k];
    ap[k] = p[k] - a[k];
    bp[k] = p[k] - b[k];
    cp[k] = p[k] - c[k];
  }
  auto dot = [](const double* u, const double* v) { return u[0] * v[0] + u[1] * v[1] + u[2] * v[2]; };
  const double d1 = dot(ab, ap), d2 = dot(ac, ap);
  if (d1 <= 0 && d2 <= 0) { w[0] = 1; w[1] = 0; w[2] = 0; return; }
  const double d3 = dot(ab, bp), d4 = dot(ac, bp);
  if (d3 >= 0 && d4 <= d3) { w[0] = 0; w[1] = 1; w[2] = 0; return; }
  const double vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) {
    const double v = d1 / (d1 - d3);
    w[0] = 1 - v; w[1] = v; w[2] = 0;
    return;
  }
  const double d5 = dot(ab, cp), d6 = dot(ac, cp);
  if (d6 >= 0 && d5 <= d6) { w[0] = 0; w[1] = 0; w[2] = 1; return; }
  const double vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) {
    const double t = d2 / (d2 - d6);
    w[0] = 1 - t; w[1] = 0; w[2] = t;
    return;
  }
  const double va = d3 * d6 - d5 * d4;
  if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
    const double t = (d4 - d3) / ((d4 - d3) + (d5 - d6));
    w[0] = 0; w[1] = 1 - t; w[2] = t;
    return;
  }
  const double denom = 1 / (va + vb + vc);
  w[1] = vb * denom;
  w[2] = vc * denom;
  w[0] = 1 - w[1] - w[2];
}

// A quadrilateral is taken as triangles (0,1,2) and (0,2,3); n3 == n4 is a triangle.
inline SegmentPoint closest_on_segment(const double* p, const double (*x)[3], bool triangle) {
  SegmentPoint best{};
  best.distance2 = 1e300;
  const int tris[2][3] = {{0, 1, 2}, {0, 2, 3}};
  for (int t = 0; t < (triangle ? 1 : 2); ++t) {
    double w[3];
    closest_on_triangle(p, x[tris[t][0]], x[tris[t][1]], x[tris[t][2]], w);
    double q[3], d2 = 0;
    for (int k = 0; k < 3; ++k) {
      q[k] = w[0] * x[tris[t][0]][k] + w[1] * x[tris[t][1]][k] + w[2] * x[tris[t][2]][k];
      d2 += (p[k] - q[k]) * (p[k] - q[k]);
    }
    if (d2 < best.distance2) {
      best.distance2 = d2;
      for (int k = 0; k < 3; ++k) best.x[k] = q[k];
      for (double& wc : best.weight) wc = 0;
      for (int i = 0; i < 3; ++i) best.weight[tris[t][i]] += w[i];
    }
  }
  return best;
}

struct FrictionLaw {
  double static_coefficient = 0, dynamic_coefficient = 0, decay = 0;
  // VC: the friction force is at most VC times the area of the contacted
  // segment (LS-DYNA *CONTACT card 2; the manual suggests the shear yield
  // stress); 0: no such cap.
  double viscous_limit = 0;
  // mu = FD + (FS - FD) exp(-DC |v_t|), LS-DYNA's exponential decay.
  double mu(double slip_speed) const {
    return dynamic_coefficient + (static_coefficient - dynamic_coefficient) * std::exp(-decay * slip_speed);
  }
  bool active() const { return static_coefficient > 0 || dynamic_coefficient > 0; }
};

struct PairForce {
  bool active = false;
  double f[3] = {0, 0, 0};     // on the node; the segment's corners get -weight[c] * f
  double weight[4] = {0, 0, 0, 0};
  double penalty_energy = 0;   // 1/2 k d^2 stored in the penalty spring
  double dissipated_power = 0; // friction and normal damping: each force times the mean of its speed over the step
};

// A pair's compliance: the change of the node's motion relative to the
// segment point of weights w per unit impulse, 1/m + sum w_c^2 / m_c (the
// inverse of the pair's effective mass; massless corners held elsewhere).
inline double pair_compliance(double m, const double* corner_mass, const double* w) {
  double compliance = 1.0 / m;
  for (int c = 0; c < 4; ++c)
    if (corner_mass[c] > 0) compliance += w[c] * w[c] / corner_mass[c];
  return compliance;
}

// LS-DYNA's contact damping (*CONTACT card 2, VDC, percent of critical; Keyword
// User's Manual remarks): c = VDC/100 * 2 m_min omega with
// omega = sqrt(k (m_s + m_m) / (m_s m_m)) and m_min = min(m_s, m_m). The
// master mass m_m is the segment point's own, 1 / sum w_c^2 / m_c (a point
// force moves it as that mass would; infinite where every corner is held),
// so omega^2 = k * compliance. Returns c.
inline double normal_damping_coefficient(double ratio, double k, double m, double compliance) {
  const double inverse_master = compliance - 1.0 / m;
  const double m_min = inverse_master > 0 ? std::fmin(m, 1.0 / inverse_master) : m;
  return ratio * 2.0 * m_min * std::sqrt(k * compliance);
}

// Node at p with velocity vp and mass m against segment corners x, v with
// masses corner_mass. `reach` is the contact distance; k the penalty
// stiffness; damping_ratio VDC/100.
//
// Friction is Coulomb, capped by VC times the segment's area and by half the
// force that stops the slip within the step: a force F on the node (and
// -w_c F on the corners) changes the slip by F dt (1/m + sum w_c^2 / m_c), so
// the cap is |v_t| / (2 dt (1/m + sum w_c^2 / m_c)). A memoryless stick: the
// contact state needs no history across bucket sorts. Both sides' masses
// count: a heavy node on a light segment (or one a prescribed motion holds)
// would otherwise throw the segment's slip past zero every step, and the
// friction would put energy in while its work is counted as dissipated.
//
// The normal damping force -c v_n takes the same cap on the normal speed
// (so that it only ever slows the pair), and the normal force never pulls:
// the penalty plus the damping is at least zero. Friction takes the penalty
// force alone.
inline PairForce node_segment_force(const double* p, const double* vp, double m, const double* corner_mass,
                                    const double (*x)[3], const double (*v)[3], bool triangle, double reach,
                                    double k, const FrictionLaw& friction, double damping_ratio, double dt) {
  PairForce out;
  // Quick exact rejection: every point of the segment lies within `warp` of
  // the plane through its centroid normal to its diagonals, so a node
  // farther than reach + warp from that plane cannot touch it. The cross
  // product of the diagonals (of two edges, for a triangle) is twice the area.
  double area = 0;
  {
    double d1[3], d2[3], c[3];
    for (int k3 = 0; k3 < 3; ++k3) {
      d1[k3] = x[2][k3] - x[0][k3];
      d2[k3] = (triangle ? x[1][k3] : x[3][k3]) - (triangle ? x[0][k3] : x[1][k3]);
      c[k3] = 0.25 * (x[0][k3] + x[1][k3] + x[2][k3] + x[3][k3]);
    }
    const double n[3] = {d1[1] * d2[2] - d1[2] * d2[1], d1[2] * d2[0] - d1[0] * d2[2], d1[0] * d2[1] - d1[1] * d2[0]};
    const double len = std::sqrt(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
    area = 0.5 * len;
    if (len > 0) {
      auto height = [&](const double* q) { return (n[0] * (q[0] - c[0]) + n[1] * (q[1] - c[1]) + n[2] * (q[2] - c[2])) / len; };
      double warp = 0;
      for (int corner = 0; corner < 4; ++corner) warp = std::fmax(warp, std::fabs(height(x[corner])));
      if (std::fabs(height(p)) > reach + warp) return out;
    }
  }
  const SegmentPoint sp = closest_on_segment(p, x, triangle);
  if (!(sp.distance2 < reach * reach)) return out;
  const double dist = std::sqrt(sp.distance2);
  if (!(dist > 1e-12 * reach)) return out;  // on the mid-surface: no direction to push
  double n[3];
  for (int k3 = 0; k3 < 3; ++k3) n[k3] = (p[k3] - sp.x[k3]) / dist;
  const double penetration = reach - dist;
  const double fn = k * penetration;
  out.active = true;
  for (int c = 0; c < 4; ++c) out.weight[c] = sp.weight[c];
  for (int k3 = 0; k3 < 3; ++k3) out.f[k3] = fn * n[k3];
  out.penalty_energy = 0.5 * k * penetration * penetration;
  const bool damped = damping_ratio > 0;
  if ((!friction.active() && !damped) || !(dt > 0)) return out;
  double vrel[3];
  for (int k3 = 0; k3 < 3; ++k3) {
    vrel[k3] = vp[k3];
    for (int c = 0; c < 4; ++c) vrel[k3] -= sp.weight[c] * v[c][k3];
  }
  const double vn = vrel[0] * n[0] + vrel[1] * n[1] + vrel[2] * n[2];
  const double compliance = pair_compliance(m, corner_mass, sp.weight);  // speed change per unit impulse
  if (damped && vn != 0) {
    const double cap = 0.5 * std::fabs(vn) / (dt * compliance);
    double fd = -std::copysign(std::fmin(normal_damping_coefficient(damping_ratio, k, m, compliance) * std::fabs(vn), cap), vn);
    fd = std::fmax(fd, -fn);  // never pulls
    for (int k3 = 0; k3 < 3; ++k3) out.f[k3] += fd * n[k3];
    // Its work: the force times the mean normal speed over the step, which
    // the whole normal force (penalty and damping) changes.
    out.dissipated_power += -fd * (vn + 0.5 * (fn + fd) * dt * compliance);
  }
  if (!friction.active()) return out;
  double vt[3];
  for (int k3 = 0; k3 < 3; ++k3) vt[k3] = vrel[k3] - vn * n[k3];
  const double slip = std::sqrt(vt[0] * vt[0] + vt[1] * vt[1] + vt[2] * vt[2]);
  if (!(slip > 0)) return out;
  double ft = std::fmin(friction.mu(slip) * fn, 0.5 * slip / (dt * compliance));
  if (friction.viscous_limit > 0) ft = std::fmin(ft, friction.viscous_limit * area);
  for (int k3 = 0; k3 < 3; ++k3) out.f[k3] -= ft * vt[k3] / slip;
  // The work over the step: the force times the mean of the slip before and
  // after it acts (the slip falls by ft dt compliance), as the walls and
  // motions count theirs.
  out.dissipated_power += ft * (slip - 0.5 * ft * dt * compliance);
  return out;
}

}  // namespace mc
