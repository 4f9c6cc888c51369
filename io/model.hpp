// The global model as read from a keyword deck (or built by a generator):
// plain host data, ids as the user wrote them. Everything downstream
// (decomposition, solver state) is derived from this and never writes back.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "io/model_contact.hpp"
#include "io/model_ids.hpp"

namespace mc {

struct Node {
  GlobalId id = 0;
  std::array<double, 3> x{};
};

struct Shell {
  GlobalId id = 0;
  GlobalId part = 0;
  std::array<GlobalId, 4> nodes{};  // n3 == n4: triangle
  double thickness = 0;              // *ELEMENT_SHELL_THICKNESS: mean corner thickness; 0: the section's
  SourceLine where;
};

enum class MaterialKind { Elastic, PiecewiseLinearPlasticity, Rigid, Null };

struct Material {
  GlobalId id = 0;
  MaterialKind kind = MaterialKind::Elastic;
  double density = 0, youngs = 0, poisson = 0;
  // MAT_024 only
  double yield = 0;          // SIGY
  double tangent = 0;        // ETAN (used when no curve is given)
  double beta = 1;           // MAT_003 BETA: 1 isotropic, 0 kinematic hardening, between: mixed
  double fail_strain = 0;    // FAIL: effective plastic strain at erosion, 0 = none
  GlobalId hardening_curve = 0;  // LCSS: effective stress vs effective plastic strain
  GlobalId hardening_table = 0;  // LCSS naming a *DEFINE_TABLE: a hardening curve per strain rate
  GlobalId rate_curve = 0;       // MAT_024 LCSR: the yield stress's scale factor against the strain rate
  bool log_rate_interpolation = false;  // _LOG_INTERPOLATION, or the table's rates given as ln(rate)
  // Cowper-Symonds rate scaling of the yield stress, 1 + (rate / C)^(1/P)
  // (MAT_024 C, P; MAT_003 SRC, SRP); rate_c 0: rate-independent.
  double rate_c = 0, rate_p = 0;
  // VP 1 (viscoplastic): the rate is the plastic strain rate, and MAT_024's
  // Cowper-Symonds term adds SIGY (C/P) to the static flow stress where SIGY
  // > 0 (viscoplastic_yield), else scales it (MAT_003, LCSR, SIGY 0).
  bool viscoplastic = false;
  double viscoplastic_yield = 0;
  // MAT_RIGID CMO +1: the body's fixed global motions, bits x y z rx ry rz
  // (1, 2, 4, 8, 16, 32; rotations about its centre of mass).
  int rigid_fixed = 0;
  SourceLine where;
};

enum class Integration { Gauss, Lobatto };

struct Section {
  GlobalId id = 0;
  int elform = 2;
  double shear_factor = 5.0 / 6.0;  // SHRF
  int nip = 2;                       // LS-DYNA default NIP is 2
  double thickness = 0;              // T1 (T2..T4 averaged into it)
  // QR/IRID: 0 Gauss (Lobatto with *CONTROL_SHELL INTGRD 1), 1 trapezoidal,
  // < 0 the *INTEGRATION_SHELL rule -QR, whose points (zeta in [-1/2, 1/2],
  // weight = the point's share of the thickness) are resolved once the deck
  // is read; they give NIP.
  int rule = 0;
  std::vector<double> rule_zeta, rule_weight;
  SourceLine where;
};

struct HourglassControl {
  int ihq = 1;       // 1,2: Belytschko-Tsay viscous; 4: Flanagan-Belytschko stiffness
  double qh = 0.1;   // hourglass coefficient (QM): the membrane modes
  double qb = 0, qw = 0;      // QB, QW: the bending (rotation) and warping (w) modes; 0: QM, LS-DYNA's default
  SourceLine where;  // the *HOURGLASS or *CONTROL_HOURGLASS card
};

// How membrane straining changes a shell's thickness (*CONTROL_SHELL ISTUPD,
// per part through PSSTUPD and SIDT4TU): not at all, by the whole thickness
// strain (ISTUPD 1), or by its plastic part alone (ISTUPD 4).
enum class ThicknessUpdate : std::int32_t { None, Total, PlasticOnly };

struct Part {
  GlobalId id = 0;
  std::string title;
  GlobalId section = 0, material = 0, hourglass = 0;  // hourglass 0: *CONTROL_HOURGLASS
  ThicknessUpdate thickness_update = ThicknessUpdate::None;
  SourceLine where;
};

struct Curve {
  GlobalId id = 0;
  std::vector<double> x, y;  // after SFA/SFO/OFFA/OFFO
  SourceLine where;
};

// The most values a table may hold (a MAT_024 keeps its rates in its
// material constants).
inline constexpr int kMaxTableValues = 32;

// *DEFINE_TABLE: a curve for each value (MAT_024's LCSS: a hardening curve
// for each strain rate).
struct Table {
  GlobalId id = 0;
  std::vector<double> values;    // VALUE after SFA and OFFA
  std::vector<GlobalId> curves;  // the curve of each value
  SourceLine where;
};

struct Spc {
  GlobalId node = 0;
  std::array<bool, 6> fixed{};  // x y z rx ry rz
  SourceLine where;             // the *BOUNDARY_SPC_* or *NODE (TC/RC) card
};

// *ELEMENT_MASS / *ELEMENT_MASS_NODE_SET: a lumped mass on a node (a node
// set's nodes share MASS equally); *ELEMENT_INERTIA adds an isotropic rotary
// inertia to it (the node's rotations, and its rigid body's inertia, take it).
struct PointMass {
  GlobalId id = 0;    // EID
  GlobalId node = 0;
  double mass = 0;
  double rotary = 0;  // *ELEMENT_INERTIA: IXX = IYY = IZZ (no products)
  SourceLine where;
};

// *INITIAL_VELOCITY_RIGID_BODY: a rigid body starts with this velocity of
// its centre of mass and this spin, whatever its nodes were given.
struct RigidBodyVelocity {
  GlobalId body = 0;    // PID: a rigid part, or a nodal rigid body's PID
  bool nodal = false;   // PID names a *CONSTRAINED_NODAL_RIGID_BODY (no rigid part has it)
  std::array<double, 3> v{}, omega{};
  SourceLine where;
};

struct InitialVelocity {
  // nodes == empty with all_nodes: every node
  std::vector<GlobalId> nodes;
  bool all_nodes = false;
  std::array<double, 3> v{}, omega{};  // translational; nodal angular velocity
  // *INITIAL_VELOCITY_GENERATION: the body spins about `center`, so each
  // node also gets omega x (x - center). *INITIAL_VELOCITY: false.
  bool spin_about_center = false;
  std::array<double, 3> center{};
  SourceLine where;
};

// *BOUNDARY_PRESCRIBED_MOTION_NODE / _SET / _RIGID: one component of each
// node's velocity or angular velocity (of a rigid body's centre of mass, or
// of its spin about it) follows SF x curve(t - BIRTH) between BIRTH and
// DEATH, as a velocity (VAD 0), an acceleration (1) or a displacement from
// where it is at BIRTH (2); outside that window it is free. The component is
// along a global axis (DOF 1-3, 5-7) or along the *DEFINE_VECTOR VID
// (DOF 4, 8); DOF -4 and -8 hold the rest of that velocity at zero.
// DOF 9, 10, 11 (nodes): the node turns about an axis parallel to x, y or z
// through (OFFSET1, OFFSET2), the curve giving the angle (VAD 2) or the
// angular velocity (VAD 0); both coordinates across the axis are
// prescribed, the one along it is free. DOF -9, -10, -11: the same turn
// with the radius free (only the velocity around the axis is prescribed).
struct PrescribedMotion {
  enum class Kind : std::int32_t { Velocity = 0, Acceleration = 1, Displacement = 2 };
  std::vector<GlobalId> nodes;  // empty for _RIGID
  GlobalId rigid_part = 0;      // _RIGID: the PID of a *MAT_RIGID part or a nodal rigid body
  int component = 0;            // the global axis (0, 1, 2) of DOF 1-3 and 5-7; -1 along a vector
  bool rotation = false;        // DOF 5-8: the angular velocity
  bool exclusive = false;       // DOF -4, -8: the velocity (angular velocity) across `direction` is held at zero
  std::array<double, 3> direction{};  // unit: the axis, or VID's tail-to-head direction
  int axis = -1;      // DOF 9, 10, 11: 0, 1, 2 (x, y, z); -1 otherwise
  bool radius_free = false;        // DOF -9, -10, -11: the distance from the axis is left to the forces
  std::array<double, 2> offset{};  // OFFSET1, OFFSET2: the axis in the (y, z), (z, x) or (x, y) plane
  Kind kind = Kind::Velocity;
  GlobalId curve = 0;
  double scale = 1;                // SF
  double birth = 0, death = 1e28;  // BIRTH, DEATH
  SourceLine where;
};

// The coordinates a motion sets: its component, or the two across its axis
// in the order of OFFSET1, OFFSET2 (the right-handed turn takes the first
// toward the second).
inline std::array<int, 2> motion_plane(int axis) { return {(axis + 1) % 3, (axis + 2) % 3}; }
// The degrees of freedom a motion claims: 0-2 translations, 3-5 rotations
// (those a vector has a part along, or all three with DOF -4, -8).
inline std::vector<int> prescribed_components(const PrescribedMotion& motion) {
  if (motion.axis >= 0) {
    const std::array<int, 2> plane = motion_plane(motion.axis);
    return {plane[0], plane[1]};
  }
  const int first = motion.rotation ? 3 : 0;
  if (motion.component >= 0) return {first + motion.component};
  std::vector<int> claimed;
  for (int k = 0; k < 3; ++k)
    if (motion.exclusive || motion.direction[static_cast<std::size_t>(k)] != 0.0) claimed.push_back(first + k);
  return claimed;
}

// *RIGIDWALL_GEOMETRIC_*: a bounded stationary shape instead of the
// infinite plane. Tail and head as LS-DYNA defines them: FLAT and PRISM have
// a corner at the tail and their normal (PRISM: its third edge) from tail to
// head; CYLINDER its base centre at the tail and its axis toward the head;
// SPHERE its centre at the tail.
struct WallShape {
  enum class Kind : std::int32_t { Plane, Flat, Prism, Cylinder, Sphere };
  Kind kind = Kind::Plane;
  std::array<double, 3> edge{};                     // FLAT, PRISM: XHEV YHEV ZHEV, the l edge
  double length_l = 0, length_m = 0, length_p = 0;  // FLAT: LENL LENM; PRISM: and LENP
  double radius = 0;                                // CYLINDER: RADCYL; SPHERE: RADSPH
  double length = 0;                                // CYLINDER: LENCYL (0: unbounded)
};

// _MOTION (geometric walls): the wall translates along `direction` (unit);
// the curve gives its velocity along it (OPT 0) or its displacement (OPT 1)
// as a function of time.
struct WallMotion {
  GlobalId curve = 0;  // 0: the wall stands still
  bool displacement = false;
  std::array<double, 3> direction{};
  SourceLine where;
};

struct RigidWall {
  std::vector<GlobalId> nodes;  // slave nodes; empty with all_nodes
  bool all_nodes = true;
  WallShape shape;
  std::array<double, 3> tail{}, head{};  // normal points from tail to head, into the structure
  double friction = 0;                   // 0 frictionless, 1 no slip, else Coulomb
  bool moving = false;
  double mass = 0, speed = 0;            // moving wall: mass and initial speed along the normal
  WallMotion motion;                     // prescribed motion (_MOTION)
  SourceLine where;
};

// How a weld fails (*CONSTRAINED_SPOTWELD SN SS N M TF,
// *CONSTRAINED_GENERALIZED_WELD_SPOT TFAIL SN SS N M): at `time`, or once
// (max(fn,0)/SN)^N + (|fs|/SS)^M >= 1 at one of its nodes, a term left out
// where SN or SS is 0 (miniapp/nodal/weld_failure.hpp).
struct WeldFailure {
  double normal = 0, shear = 0;                    // SN, SS
  double normal_exponent = 0, shear_exponent = 0;  // N, M
  double time = 1e20;                              // TF / TFAIL; 1e20 never
  bool by_force() const { return normal > 0 || shear > 0; }
};

// *PART_INERTIA and *CONSTRAINED_NODAL_RIGID_BODY_INERTIA: a rigid body
// given its mass, centre and inertia instead of those of its nodes. As
// LS-DYNA's default (IFLAG 0 of *CONSTRAINED_EXTRA_NODES), the given values
// already hold the body's extra nodes. The body starts with the given
// velocity and spin (IRIGID 0 of *INITIAL_VELOCITY_GENERATION: the inertia
// card controls the body's velocity).
struct RigidInertia {
  double mass = 0;                     // TM
  std::array<double, 3> center{};      // XC YC ZC, or NODEID's position (resolved after the read)
  GlobalId center_node = 0;            // NODEID; 0: XC YC ZC
  std::array<double, 6> inertia{};     // about the centre, global axes: xx yy zz xy yz zx (tensor entries)
  std::array<double, 3> velocity{};    // VTX VTY VTZ
  std::array<double, 3> spin{};        // VRX VRY VRZ
  SourceLine where;
};

// *CONSTRAINED_NODAL_RIGID_BODY, *CONSTRAINED_SPOTWELD and
// *CONSTRAINED_GENERALIZED_WELD_SPOT: nodes that move as one rigid body,
// a weld until it fails.
struct NodalRigidBody {
  GlobalId id = 0;  // the CNRB's PID; 0 for a weld
  std::vector<GlobalId> nodes;
  bool weld = false;
  WeldFailure failure;
  // _INERTIA: the given inertia, and the part that reports the body's mass
  // and energy (that of the lowest-id shell on its nodes, as a node's).
  bool given = false;
  RigidInertia inertia;
  GlobalId energy_part = 0;
  // PNODE: a node (in `nodes`) placed at the body's centre of mass when the
  // run starts, so that it moves and reports as the centre; 0 none.
  GlobalId center_node = 0;
  SourceLine where;
};

// *CONSTRAINED_RIGID_BODIES: the constrained rigid part (PIDC) moves as
// one body with its lead (PIDL), whose *MAT_RIGID constraints and motions
// the merged body takes.
struct RigidMerge {
  GlobalId lead = 0, constrained = 0;
  SourceLine where;
};

// *CONSTRAINED_EXTRA_NODES_NODE / _SET: nodes that move with a rigid part's
// body (their mass and the forces on them count to it, IFLAG 0).
struct ExtraNodes {
  GlobalId part = 0;
  std::vector<GlobalId> nodes;
  SourceLine where;
};

struct Controls {
  double end_time = 0;        // ENDTIM
  std::int64_t end_cycle = 0; // ENDCYC, 0 = none
  double dt_min = 0;          // DTMIN, fraction of the initial step (0: none)
  double tssfac = 0.9;
  double dt2ms = 0;           // < 0: mass-scale elements below TSSFAC*|DT2MS|
  double dt_init = 0;
  HourglassControl hourglass; // *CONTROL_HOURGLASS default
  double contact_penalty = 0.1; // *CONTROL_CONTACT SLSFAC
  Integration integration = Integration::Gauss;  // *CONTROL_SHELL INTGRD
  double glstat_dt = 0, matsum_dt = 0, rwforc_dt = 0, rcforc_dt = 0, d3plot_dt = 0, nodout_dt = 0;
  std::vector<GlobalId> history_nodes;  // *DATABASE_HISTORY_NODE: nodout's nodes, in deck order
  SourceLine history_nodes_where;       // its first card (rank 0 only)
  SourceLine termination_where;  // the *CONTROL_TERMINATION card, if any
  // *CONTROL_MPP_DECOMPOSITION_REDECOMPOSITION: FREQ > 0 partitions the
  // model anew every FREQ of time, FREQ < 0 |FREQ| times over the run; 0 never.
  double redecompose_freq = 0, redecompose_start = 0;  // FREQ, STIME
};

// A keyword the run went without (--allow-unsupported): said in the summary
// and the run report.
struct IgnoredKeyword {
  std::string keyword;  // "*CONSTRAINED_SPOTWELD"
  std::int64_t count = 0;
  SourceLine first;
};

struct Model {
  std::string title;
  std::vector<Node> nodes;
  std::vector<Shell> shells;
  std::map<GlobalId, Part> parts;
  std::map<GlobalId, Material> materials;
  std::map<GlobalId, Section> sections;
  std::map<GlobalId, HourglassControl> hourglass;
  std::map<GlobalId, Curve> curves;
  std::map<GlobalId, Table> tables;
  std::map<GlobalId, std::vector<GlobalId>> node_sets, part_sets;
  std::map<GlobalId, SourceLine> node_set_where, part_set_where;  // the SID cards
  std::vector<Spc> spcs;
  std::vector<PointMass> point_masses;
  std::vector<InitialVelocity> initial_velocities;
  std::vector<PrescribedMotion> prescribed_motions;
  std::vector<RigidWall> rigid_walls;
  std::vector<NodalRigidBody> nodal_rigid_bodies;
  std::vector<ExtraNodes> extra_nodes;
  std::map<GlobalId, RigidInertia> part_inertias;  // by part id
  std::vector<RigidBodyVelocity> rigid_body_velocities;
  std::vector<RigidMerge> rigid_merges;
  std::vector<ContactInterface> contacts;
  Controls controls;
  std::vector<IgnoredKeyword> ignored_keywords;  // physics left out by --allow-unsupported
  // Where reading stopped (*END or the last line of the main deck): the place
  // named by "missing keyword" messages.
  SourceLine deck_end;
};

}  // namespace mc
