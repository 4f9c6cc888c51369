// Rigid wheels hung on their knuckles (see vehicle_wheels.cpp).
#pragma once

#include <cstdint>

#include "inputs/generator/lattice_mesh.hpp"
#include "inputs/generator/vehicle_body.hpp"

namespace mc {

// Shells of one wheel at element size h (the lattice's axes must be built).
std::int64_t wheel_shells(const LatticeMesh& lattice, const WheelSpec& w, double h);
// Appends the wheel's nodes and shells to `m`, after the lattice's.
void mesh_wheel(const LatticeMesh& lattice, const WheelSpec& w, double h, Model& m);

}  // namespace mc
