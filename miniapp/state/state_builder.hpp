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
// A part's index in the part tables (part_info): the order of model.parts.
int part_index(const Model& model, GlobalId part);
void apply_initial_velocities(const Model& model, const LocalMesh& mesh, State& state);
void setup_spcs(const Model& model, const LocalMesh& mesh, State& state);
void setup_prescribed_motions(const Model& model, const LocalMesh& mesh, State& state);
void setup_rigid_walls(const Model& model, const LocalMesh& mesh, State& state);
// Each wall's node slots learn the rigid body their node moves with (again
// after share_rigid_body_nodes).
void attach_walls_to_bodies(State& state);
void setup_rigid_bodies(const Model& model, const LocalMesh& mesh, State& state);
// After state.blocks is set: lays out the corner array and lists each
// node's terms (a test adding a block of its own calls it again).
void finish_element_blocks(State& state);
// The index in state.blocks of the block a term (corner position) belongs to.
int block_of_term(const State& state, int term);
// Where each term of nodes.terms stands in the model-wide order: by block,
// then element id (for the halo; `state` must outlive the function).
TermKeyOf term_keys(const State& state);
// Each block's mass shares, gathered at this rank's nodes.
void lump_masses(const Model& model, State& state);

}  // namespace mc
