// Tied pairs of *CONTACT_AUTOMATIC_SURFACE_TO_SURFACE_TIEBREAK, OPTION 1,
// and of *CONTACT_TIED_... (made in the interface's first cycle, each node
// held where it is: form_starting_ties). TIEBREAK OPTION 1:
// "nodes in contact and which come into contact will permanently stick;
// tangential motion is inhibited" (LS-DYNA Keyword User's Manual, *CONTACT,
// TIEBREAK card). A node-segment pair that is in contact at the end of a
// cycle's force pass becomes a tie: the node is held at a point fixed in the
// frame of the segment's triangle that the node touched (its projection on
// that triangle's plane as barycentric weights, and its height off the
// plane). That point is where the contact would have left the node: the
// contact distance from the closest point of the segment, toward the node.
// The tie is a penalty spring with an energy, so it conserves energy and
// momentum and turns with the segment: the normal moves with the corners,
// and the corners take the forces of that too (tied_node_force). Formed
// where the contact's spring is at rest, the tie starts with the contact's
// stretch, so it takes over the contact's force and energy (at most) and
// puts in none: a node caught beside a segment's edge, whose contact pushes
// it along the plane, is not also thrown off the plane by the contact
// distance. Ties have no failure (OPTION 1).
//
// A tie belongs to its pair, whichever rank computes it, so the answer does
// not depend on the partition; the rank that holds the segment keeps it and
// a restart carries it (State::Carry::contact_ties), with the place its node
// was last seen, so that its node is found however far it is pulled.
#pragma once

#include <cmath>
#include <cstdint>

#include "contact/node_segment_penalty.hpp"
#include "io/model.hpp"

namespace mc {

struct ContactTie {
  GlobalId node = 0, segment = 0;  // the pair's global ids (segment: its shell)
  double weight[4] = {0, 0, 0, 0}; // the tied point in the triangle's plane, as corner weights
  double height = 0;               // its distance off that plane along the triangle's normal
  std::int32_t triangle = 0;       // 0: corners (0, 1, 2); 1: (0, 2, 3)
  std::int32_t failed = 0;         // 1: the tie broke (_TIEBREAK OPTION 2, 3); its pair is ordinary contact.
                                   // An int32 in the struct's former padding: a restart writes its bytes
  double node_at[3] = {0, 0, 0};   // where the node was last seen: its rank's cover reaches it (contact_ghosts.cpp)
};

inline bool tie_before(const ContactTie& a, const ContactTie& b) {
  return a.node != b.node ? a.node < b.node : a.segment < b.segment;
}

// The corners of a quadrilateral's triangle t (a triangle segment: t = 0).
inline void tie_triangle_corners(int t, int corner[3]) {
  corner[0] = 0;
  corner[1] = t == 0 ? 1 : 2;
  corner[2] = t == 0 ? 2 : 3;
}

// Cross product c = (xb - xa) x (xc - xa) of a triangle, and its length.
inline double triangle_cross(const double (*x)[3], const int* corner, double c[3]) {
  double e1[3], e2[3];
  for (int k = 0; k < 3; ++k) {
    e1[k] = x[corner[1]][k] - x[corner[0]][k];
    e2[k] = x[corner[2]][k] - x[corner[0]][k];
  }
  c[0] = e1[1] * e2[2] - e1[2] * e2[1];
  c[1] = e1[2] * e2[0] - e1[0] * e2[2];
  c[2] = e1[0] * e2[1] - e1[1] * e2[0];
  return std::sqrt(c[0] * c[0] + c[1] * c[1] + c[2] * c[2]);
}

// The tie that holds a node at point a (its rest place) in the frame of a
// segment's triangle t: a's projection on the triangle's plane as
// barycentric weights, and its distance off the plane along the normal.
inline ContactTie tie_at(GlobalId node, GlobalId segment, const double* a, const double (*x)[3], int t) {
  ContactTie tie;
  tie.node = node;
  tie.segment = segment;
  tie.triangle = t;
  int corner[3];
  tie_triangle_corners(t, corner);
  double c[3];
  const double len = triangle_cross(x, corner, c);
  double n[3], r[3];
  for (int k = 0; k < 3; ++k) {
    n[k] = c[k] / len;
    r[k] = a[k] - x[corner[0]][k];
  }
  const double h = r[0] * n[0] + r[1] * n[1] + r[2] * n[2];
  // Barycentric weights of q = a - h n: the areas of the sub-triangles.
  const double q[3] = {a[0] - h * n[0], a[1] - h * n[1], a[2] - h * n[2]};
  for (int i = 0; i < 3; ++i) {
    const double* pa = x[corner[(i + 1) % 3]];
    const double* pb = x[corner[(i + 2) % 3]];
    double u[3], v[3];
    for (int k = 0; k < 3; ++k) {
      u[k] = pa[k] - q[k];
      v[k] = pb[k] - q[k];
    }
    const double cross[3] = {u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]};
    tie.weight[corner[i]] = (cross[0] * n[0] + cross[1] * n[1] + cross[2] * n[2]) / len;
  }
  tie.height = h;
  for (int k = 0; k < 3; ++k) tie.node_at[k] = a[k];
  return tie;
}

// The triangle of a segment that the point of weights w lies in.
inline int tie_triangle_of(bool triangle, const double* w) { return !triangle && w[3] > w[1] ? 1 : 0; }

// Whether node p ties to a segment at the start of a tied interface: within
// `tolerance` of the segment's closest point, and inside its normal
// projection (the closest point straight under p; off an edge it is
// beside it), the segment taken as grown by LS-DYNA's tied default MAXPAR
// 1.035 (1.75 % of its size each side) so that a node over a crease
// between two segments still ties. `closest` is the segment's closest point.
inline bool ties_to(const double* p, const double (*x)[3], bool triangle, double tolerance, SegmentPoint& closest) {
  closest = closest_on_segment(p, x, triangle);
  if (closest.distance2 > tolerance * tolerance) return false;
  int corner[3];
  tie_triangle_corners(tie_triangle_of(triangle, closest.weight), corner);
  double normal[3];
  const double len = triangle_cross(x, corner, normal);
  double along = 0;
  for (int k = 0; k < 3; ++k) along += (p[k] - closest.x[k]) * normal[k] / len;
  const double beside = 0.0175 * std::sqrt(len);  // len: twice the triangle's area
  return closest.distance2 - along * along <= beside * beside;
}

// The tie a pair in contact makes: node p touched the segment at the point
// of weights w (closest_on_segment), closer than the contact distance
// `reach`. The tie holds p at
// a = (closest point) + reach (p - closest point) / |p - closest point|,
// where the contact's spring is at rest (the contact distance on p's side
// where p is over the triangle's inside).
inline ContactTie make_tie(GlobalId node, GlobalId segment, const double* p, const double (*x)[3], bool triangle,
                           const double* w, double reach) {
  double closest[3] = {0, 0, 0};
  for (int i = 0; i < 4; ++i)
    for (int k = 0; k < 3; ++k) closest[k] += w[i] * x[i][k];
  const double gap = std::sqrt((p[0] - closest[0]) * (p[0] - closest[0]) + (p[1] - closest[1]) * (p[1] - closest[1]) +
                               (p[2] - closest[2]) * (p[2] - closest[2]));
  double rest[3];
  for (int k = 0; k < 3; ++k) rest[k] = closest[k] + reach * (p[k] - closest[k]) / gap;  // in contact: gap > 0
  ContactTie tie = tie_at(node, segment, rest, x, tie_triangle_of(triangle, w));
  for (int k = 0; k < 3; ++k) tie.node_at[k] = p[k];
  return tie;
}

// Forces of one tie: on the node, and the extra the corners take because
// the normal turns with them (each corner's full force is -weight[c] f plus
// corner_extra[c]; the extras sum to zero).
struct TieForce {
  PairForce pair;
  double corner_extra[4][3];
};

// The tie's energy is E = k_t/2 |d|^2 + (k - k_t)/2 (d.n)^2 with
// d = p - sum w_c x_c - h n, n the triangle's unit normal: along the normal
// the tie is the contact's own penalty spring k. Across it a shell is as
// stiff as its membrane, whose waves set the time step, so a second spring
// as stiff as the penalty one (several a node: as a node and as corners)
// throws the in-plane motion past the stability limit; k_t is therefore
// also bounded by LS-DYNA's soft-constraint stiffness 0.5 SOFSCL m* / dt^2
// with SOFSCL's default 0.1 (LS-DYNA Theory Manual, "Contact-impact
// algorithm", penalty method, SOFT = 1), m* the pair's effective mass
// 1 / (1/m + sum w_c^2 / m_c), as for the friction cap. The forces are
// -dE/dx: on the node g = -(k_t d + (k - k_t)(d.n) n), on corner c
// -w_c g - s (dn/dx_c)^T d with s = (k - k_t)(d.n) - k_t h.
inline TieForce tied_node_force(const double* p, double m, const double* corner_mass, const double (*x)[3],
                                const ContactTie& tie, double k, double dt) {
  TieForce out{};
  int corner[3];
  tie_triangle_corners(tie.triangle, corner);
  const double compliance = pair_compliance(m, corner_mass, tie.weight);
  const double k_t = dt > 0 ? std::fmin(k, 0.05 / (compliance * dt * dt)) : k;
  double c[3];
  const double len = triangle_cross(x, corner, c);
  double n[3], d[3];
  for (int k3 = 0; k3 < 3; ++k3) {
    n[k3] = c[k3] / len;
    d[k3] = p[k3] - tie.height * n[k3];
    for (int i = 0; i < 3; ++i) d[k3] -= tie.weight[corner[i]] * x[corner[i]][k3];
  }
  const double dn = d[0] * n[0] + d[1] * n[1] + d[2] * n[2];
  PairForce& f = out.pair;
  f.active = true;
  double d2 = 0;
  for (int k3 = 0; k3 < 3; ++k3) {
    f.f[k3] = -k_t * d[k3] - (k - k_t) * dn * n[k3];
    d2 += d[k3] * d[k3];
  }
  for (int i = 0; i < 4; ++i) f.weight[i] = tie.weight[i];
  f.penalty_energy = 0.5 * (k_t * d2 + (k - k_t) * dn * dn);
  // (dn/dx)^T v = (dc/dx)^T u with u = (v - (v.n) n) / |c|; c = e1 x e2
  // gives e2 x u at corner b, u x e1 at corner c, minus both at corner a.
  const double s = (k - k_t) * dn - k_t * tie.height;
  double u[3], e1[3], e2[3];
  for (int k3 = 0; k3 < 3; ++k3) {
    u[k3] = (d[k3] - dn * n[k3]) / len;
    e1[k3] = x[corner[1]][k3] - x[corner[0]][k3];
    e2[k3] = x[corner[2]][k3] - x[corner[0]][k3];
  }
  const double gb[3] = {e2[1] * u[2] - e2[2] * u[1], e2[2] * u[0] - e2[0] * u[2], e2[0] * u[1] - e2[1] * u[0]};
  const double gc[3] = {u[1] * e1[2] - u[2] * e1[1], u[2] * e1[0] - u[0] * e1[2], u[0] * e1[1] - u[1] * e1[0]};
  for (int k3 = 0; k3 < 3; ++k3) {
    out.corner_extra[corner[1]][k3] = -s * gb[k3];
    out.corner_extra[corner[2]][k3] = -s * gc[k3];
    out.corner_extra[corner[0]][k3] = s * (gb[k3] + gc[k3]);
  }
  return out;
}

// _TIEBREAK OPTION 2 and 3 (LS-DYNA Keyword Manual, *CONTACT, TIEBREAK
// card: failure when (|sigma_n| / NFLS)^2 + (|sigma_s| / SFLS)^2 >= 1, the
// normal stress counting in tension only): f the tie's force on its node, n
// the segment's unit normal, `height` the tie's side of the segment (the
// force pulls the node back toward it in tension), stresses over the
// node's area. A limit of 0 never fails by its stress.
inline bool tie_fails(const double* f, const double* n, double height, double area, double nfls, double sfls) {
  if (!(area > 0)) return false;
  const double fn = f[0] * n[0] + f[1] * n[1] + f[2] * n[2];
  const double tension = std::fmax(0.0, height >= 0 ? -fn : fn) / area;
  double shear2 = 0;
  for (int k = 0; k < 3; ++k) shear2 += (f[k] - fn * n[k]) * (f[k] - fn * n[k]);
  shear2 /= area * area;
  double measure = 0;
  if (nfls > 0) measure += (tension / nfls) * (tension / nfls);
  if (sfls > 0) measure += shear2 / (sfls * sfls);
  return measure >= 1;
}

}  // namespace mc
