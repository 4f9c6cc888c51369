// Small models built in memory for the physics tests: flat rectangular
// shell meshes in the x-y plane, one part, one material.
#pragma once

#include <functional>

#include "io/model.hpp"
#include "miniapp/simulation.hpp"
#include "miniapp/state.hpp"

namespace mc::test {

struct Steel {  // mm, ms, kg, kN (GPa)
  static constexpr double density = 7.85e-6, youngs = 210.0, poisson = 0.3;
};

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
GlobalId plate_node_id(const PlateSpec& spec, int i, int j);

// Runs with no output files; optional per-cycle probe.
RunResult run_quietly(State& state, double end_time,
                      std::function<void(const State&)> probe = {});

}  // namespace mc::test
