// Model + this rank's LocalMesh -> solver State (Views filled, masses
// lumped, boundary conditions and initial velocities applied).
#pragma once

#include "decomposition/subdomain/local_mesh.hpp"
#include "io/model.hpp"
#include "miniapp/state/state.hpp"

namespace mc {

State build_state(const Model& model, const LocalMesh& mesh);

// Pieces of build_state, one concern each (part_tables.cpp, boundary_setup.cpp).
void build_part_tables(const Model& model, State& state);
void apply_initial_velocities(const Model& model, const LocalMesh& mesh, State& state);
void setup_spcs(const Model& model, const LocalMesh& mesh, State& state);
void setup_rigid_walls(const Model& model, const LocalMesh& mesh, State& state);
void setup_rigid_bodies(const LocalMesh& mesh, State& state);

}  // namespace mc
