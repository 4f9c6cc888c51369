// Solver state -> the plain record the ParaView writer takes (io/vtk_writer).
#pragma once

#include "io/output/mesh_snapshot.hpp"
#include "miniapp/state/state.hpp"

namespace mc {

// Every local node; every live shell (eroded ones left out), with its
// effective plastic strain and plane-stress von Mises stress, each the
// maximum over the shell's through-thickness points (0 for rigid parts).
MeshSnapshot make_snapshot(const State& state, int rank);

}  // namespace mc
