// Small models built in memory for the physics tests: flat rectangular
// shell meshes in the x-y plane, one part, one material.
#pragma once

#include <functional>

#include "io/model.hpp"
#include "miniapp/driver/simulation.hpp"
#include "miniapp/state/state.hpp"

namespace mc::test {

struct Steel {  // mm, ms, kg, kN (GPa)
  static constexpr double density = 7.85e-6, youngs = 210.0, poisson = 0.3;
};

// Corners too heavy to move: the contact kernels' closed forms for a fixed segment.
inline constexpr double kFixedCorners[4] = {1e300, 1e300, 1e300, 1e300};

struct PlateSpec {
  int nx = 10, ny = 10;
  double lx = 10, ly = 10, thickness = 1;
  double x0 = 0, y0 = 0;
  int nip = 3;
  double poisson = Steel::poisson;
  int ihq = 1;
  MaterialKind kind = MaterialKind::Elastic;
  double yield = 0.3, tangent = 1.0;
  double end_time = 1.0;
};

// Node (i, j) has id 1 + i + j (nx + 1); element (i, j) id 1 + i + j nx.
Model plate_model(const PlateSpec& spec);
// Moves the shells `in_grip` picks to a rigid part 2 (*MAT_RIGID material 2,
// material 1's constants, section 1).
void make_rigid_part(Model& m, const std::function<bool(const Shell&)>& in_grip);
// A loose 1 x 1 mm shell of material 1 (part 3, nodes 9001-9004, shell
// 9001) at (at, at): far from the rest, it sets the time step where rigid
// parts set none.
void add_loose_shell(Model& m, double at);
// nx x ny shells over lx x ly mm, thickness t; the rest PlateSpec's defaults.
PlateSpec plate_spec(int nx, int ny, double lx, double ly, double t);
GlobalId plate_node_id(const PlateSpec& spec, int i, int j);

// Two 20 x 20 mm elastic plates (10 x 10 shells), 1 mm thick, parallel to
// x-y: plate 1 (part 1) at z = 0 moving up at v_bottom, plate 2 (part 2,
// ids + 1000) at z = gap, shifted by (0.9, 0.6) mm, moving down at v_top; surface-to-surface
// contact between them with friction coefficient mu.
Model colliding_plates(double gap, double v_bottom, double v_top, double mu);
// Whether local node n is on colliding_plates' bottom plate (ids below
// 1000; the top plate's are those + 1000): the local numbering follows the
// solver's element order, not the deck's (whole_model_mesh).
bool on_bottom_plate(const State& s, int n);
// The mean z velocity of colliding_plates' bottom and top plate.
struct PlateVelocities {
  double bottom = 0, top = 0;
};
PlateVelocities plates_mean_vz(const State& s);

// Runs with no output files; optional per-cycle probe.
RunResult run_quietly(State& state, double end_time,
                      std::function<void(const State&)> probe = {});

}  // namespace mc::test
