// Solver state of one rank: nodes, elements, the constant tables the
// kernels read, rigid bodies and walls. Built once by build_state(); the
// time loop only advances it.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "contact/contact_setup.hpp"
#include "contact/contact_ties.hpp"
#include "decomposition/halo/node_terms.hpp"
#include "decomposition/subdomain/element_order.hpp"
#include "io/model.hpp"
#include "io/output/output_records.hpp"
#include "miniapp/elements/element_block.hpp"
#include "miniapp/materials/material_params.hpp"
#include "decomposition/parallel/views.hpp"

namespace mc {

static_assert(Kokkos::SpaceAccessibility<Kokkos::HostSpace, MemSpace>::accessible,
              "minicrash runs on host backends (OpenMP, Serial); device Views need mirrors added");

// Degree-of-freedom bits in NodeData::fixed.
inline constexpr std::uint8_t kFixX = 1, kFixY = 2, kFixZ = 4, kFixRx = 8, kFixRy = 16, kFixRz = 32;

struct NodeData {
  Vec3View x, x0, v, w;       // position, initial position, velocity, angular velocity
  Vec3View f, m;              // net force and moment of the current cycle
  Vec3View fc;                // this rank's share of the contact force (size 0 without contact)
  // v^{n-1/2}, w^{n-1/2} kept at output cycles only: kinetic energy at t^n is
  // 1/2 m v^{n-1/2}.v^{n+1/2}, the quantity central differences conserve.
  Vec3View v_before, w_before;
  RealView mass, inertia;     // lumped mass, lumped (scaled) rotary inertia
  RealView point_mass;        // *ELEMENT_MASS on the node (size 0 when the deck has none)
  RealView point_rotary;      // *ELEMENT_INERTIA's rotary inertia on the node (size 0 likewise)
  ByteView fixed;             // SPC bits
  NodeTerms terms;            // the element corners each node sums: its mass, the halo's sums
  // The same without the stressless shells' corners, which hold -0 every
  // cycle (the additive identity): what the force sums read. The same view
  // as `terms` where a rank has no stressless shell.
  NodeTerms force_terms;
  std::vector<GlobalId> ids;  // user ids, host only
  std::vector<int> part;      // the part of the node's first corner (matsum's kinetic energy), host only
  // 1 where this rank is the lowest holder of the node: only owned nodes
  // count in model-wide sums (energies, momenta, rigid-body and wall totals).
  std::vector<std::uint8_t> owned;
  int count() const { return static_cast<int>(x.extent(0)); }
};

// The fields of the Belytschko-Tsay shells (elements/shell_bt/shell_block.hpp).
struct ElementData {
  Conn4View conn;             // local node indices; n3 == n4 for triangles
  IntView part;               // index into the part table
  ByteView alive;             // 0 once eroded
  RealView thickness;         // the element's (*ELEMENT_SHELL_THICKNESS) or its section's
  RealView density_scale;     // mass scaling factor per element (size 0 when unused)
  PackedStateView points;      // packed(points, e, 4*k + j): sxx syy sxy epsp of point k
  PackedStateView shear;       // packed(shear, e, j): transverse shear stresses (constant through thickness)
  PackedStateView hourglass_q; // packed(hourglass_q, e, j): IHQ 4 stored resultants (size 0 when unused)
  PackedStateView back_stress; // packed(back_stress, e, 3*k + j): the back stress of point k (size 0 when unused)
  DoubleView internal_energy, hourglass_energy;
  // Work measures, not state: through-thickness points that yielded in the
  // last cycle, and plastic point updates since this run started (the
  // partition weights and the per-rank work table read them).
  ByteView yielding;
  IntView plastic_updates;
  // Candidate contact pairs the element's segments check per cycle (since the
  // last sort; host only, empty without contact): with yielding, the work a
  // rebalancing restart weights the element by.
  std::vector<std::int32_t> contact_pairs;
  std::vector<GlobalId> ids;  // user ids, host only
  int count() const { return static_cast<int>(conn.extent(0)); }
};

// *PART_INERTIA: what the given mass, centre and inertia add to (or take
// from) the body's nodes, kept as a rigid mass distribution fixed to the
// body (given_inertia.cpp): its mass, a point moving with the body, and its
// first moment and inertia tensor about that point, turned with the body.
struct GivenInertia {
  bool set = false;
  int part = -1;                       // index in part_info: its mass and energy go to that part
  double given_mass = 0;               // TM
  std::array<double, 3> given_center{}, start_velocity{}, start_spin{};
  std::array<double, 6> given_inertia{};  // about the given centre: xx yy zz xy yz zx
  double mass = 0;                     // the given mass minus the nodes'
  std::array<double, 3> point{}, moment{};
  std::array<double, 6> inertia{};     // about point
  std::array<double, 6> body_inertia{};  // the whole body's about its centre, at the last update
  std::array<double, 3> velocity_before{}, omega_before{};  // the body's at the last keep_half_step_velocities
};

struct RigidBody {
  GlobalId part_id = 0;        // the rigid part; a nodal rigid body's PID (0 for a weld)
  std::vector<int> nodes;     // local nodes moving with the body
  double mass = 0;
  std::array<double, 3> center{}, velocity{}, omega{};
  int fixed = 0;               // MAT_RIGID CMO +1: fixed x y z rx ry rz (bits 1 .. 32)
  // A weld (*CONSTRAINED_SPOTWELD, _GENERALIZED_WELD_SPOT) holds until it
  // fails; a failed one leaves the body sums and its nodes move on their own.
  bool weld = false;
  WeldFailure failure;
  double failed_at = -1;     // the time it failed; < 0 while it holds
  double failure_votes = 0;  // this rank's nodes that met the force criterion last cycle
  GivenInertia given;
  // *INITIAL_VELOCITY_RIGID_BODY: the body starts with these instead of its
  // nodes' momentum (initialize_rigid_bodies).
  bool start_given = false;
  std::array<double, 3> start_velocity{}, start_spin{};
  // PNODE of a nodal rigid body: placed at its centre when the run starts
  // (on every rank; the local node, -1 where this rank lacks it).
  bool places_center_node = false;
  int center_node = -1;
  bool holds() const { return failed_at < 0; }
};

struct WallState {
  std::vector<int> nodes;     // slave nodes (local)
  std::vector<int> on_body;   // parallel to nodes: the rigid body the node moves with, -1 none
  // A body node's wall impulse goes to its body; its work is counted once
  // the body has moved (account_body_wall_work): node, impulse, v^{n-1/2}.
  struct BodyHit {
    int node;
    double impulse[3], v_minus[3];
  };
  std::vector<BodyHit> body_hits;
  std::array<double, 3> point{}, normal{};  // the plane: point on it, unit normal into the structure
  WallShape shape;                          // geometric walls: edge as a unit vector
  std::array<double, 3> edge_m{};           // FLAT, PRISM: normal x edge, the m edge
  double friction = 0;
  bool moving = false;
  double mass = 0, velocity = 0;  // moving wall: mass, normal velocity
  double position = 0;            // moving wall: displacement along the normal
  // _MOTION: a prescribed translation along `direction`; velocity and
  // position are then along it. The curve: time against velocity (or,
  // with prescribed_displacement, displacement).
  bool prescribed = false, prescribed_displacement = false;
  std::array<double, 3> direction{};
  std::vector<double> curve_t, curve_value;
  double initial_kinetic = 0;     // moving wall: 1/2 M V0^2
  // This rank's share, kept locally and summed over ranks only when an
  // output needs it (a moving wall sums its impulse every cycle).
  std::array<double, 3> local_impulse{};  // of the last cycle, owned nodes
  double local_absorbed = 0;              // stonewall energy so far, owned nodes
  double last_dt = 0;
  // Model-wide values as of the last reduce_wall_outputs.
  std::array<double, 3> force{};  // force of the wall on the structure during the last cycle
  double absorbed_energy = 0;     // stonewall energy
};

// *BOUNDARY_PRESCRIBED_MOTION_NODE / _SET on this rank's copies of the nodes
// (every copy is moved alike; only the owner counts the work), or _RIGID
// on a body (every rank moves it alike; rank 0 counts the work).
struct PrescribedMotionState {
  std::vector<int> nodes;  // local
  int body = -1;           // _RIGID: index in State::rigid_bodies
  int component = 0;               // the global axis of DOF 1-3, 5-7; -1 along `direction`
  bool rotation = false;           // DOF 5-8: the angular velocity
  bool exclusive = false;          // DOF -4, -8: the rest of that velocity held at zero
  std::array<double, 3> direction{};  // unit
  int axis = -1;                   // DOF 9-11: the axis (0, 1, 2) a node turns about; -1 otherwise
  bool radius_free = false;        // DOF -9..-11: only the velocity around the axis is set
  std::array<double, 2> center{};  // where that axis crosses the plane across it (motion_plane order)
  PrescribedMotion::Kind kind = PrescribedMotion::Kind::Velocity;
  std::vector<double> curve_t, curve_value;  // the curve times SF
  double birth = 0, death = 1e28;
};

struct PartInfo {  // host-side part description for matsum and reports
  GlobalId id = 0;
  std::string title;
  bool rigid = false;
};

struct State {
  NodeData nodes;
  ElementData elements;
  // The element blocks, and the corner array they write and the nodes
  // gather (element_block.hpp). Right after build_state it holds the
  // lumped mass shares, until the shared nodes' masses are complete.
  std::vector<std::shared_ptr<ElementBlock>> blocks;
  RealView corners;
  MaterialTable materials;
  PartTable parts;
  RealView curve_x, curve_y;  // all hardening curves, concatenated
  std::vector<PartInfo> part_info;
  std::vector<RigidBody> rigid_bodies;
  std::vector<WallState> walls;
  std::vector<PrescribedMotionState> motions;
  double motion_work_local = 0;  // work of the prescribed motions so far, this rank's owned nodes
  double external_work = 0;      // model-wide, as of the last output
  ContactSetup contact;
  int max_points = 0;         // largest NIP over parts (row width / 4 of points)
  bool uses_hourglass_stiffness = false;
  bool updates_thickness = false;  // a part's shells change thickness (*CONTROL_SHELL ISTUPD)
  bool uses_back_stress = false;  // a material hardens kinematically (MAT_003 BETA < 1)
  double added_mass = 0;      // by mass scaling
  OrderChoice element_order;  // deck or Morton order, as whole_model_mesh chose (the run report's)
  double initial_dt_scaled_target = 0;

  // What the time loop carries from cycle to cycle besides the fields above,
  // so that a restart resumes exactly where the run stopped.
  struct Carry {
    double dt_floor = 0;               // DTMIN * first step
    double initial_total = 0;          // energy at cycle 0 (energy ratio)
    EnergyRecord first_energy;
    std::array<double, 6> next_output{};  // glstat, matsum, rwforc, d3plot, rcforc, nodout clocks
    std::vector<double> d3plot_times;  // ParaView steps written so far
    std::vector<double> contact_dissipated_work;  // per interface, this rank's pairs
    double contact_soft_dt = 0;        // the largest agreed step so far (SOFT 1's dt_c)
    // Per interface, the ties of the pairs whose segment this rank holds
    // (_TIEBREAK; contact_ties.hpp), sorted by tie_before.
    std::vector<std::vector<ContactTie>> contact_ties;
  } carry;

  // Time integration.
  double time = 0;
  double dt_prev = 0;         // dt^{n-1/2}: the step that led to the current positions
  double dt_next = 0;         // dt^{n+1/2}
  std::int64_t cycle = 0;
};

// Part p's shells carry no stress: MAT_RIGID, *MAT_NULL, or moved as a rigid body.
inline bool stressless_part(const State& s, int p) {
  const PartParams& part = s.parts(p);
  return part.rigid_body >= 0 || s.materials(part.material).kind == kRigid || part.stressless;
}

}  // namespace mc
