// One vehicle from spec to mesh: describe every component, count or mesh at
// an element size, bend by the styling map, trim the masses, and place it in
// the scene.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "inputs/generator/vehicle_body.hpp"

namespace mc {

// Where a vehicle stands. Vehicle x (rearward) becomes direction `yaw`
// (degrees about z; 0: the vehicle faces -x) and the front bumper face
// centre at ground level goes to `origin`.
struct VehiclePlacement {
  std::array<double, 3> origin{};
  double yaw = 0;
};

struct MeshedVehicle {
  std::vector<GlobalId> parts;           // all parts with shells
  std::vector<GlobalId> deformable, rigid;
  std::vector<GlobalId> front, rear;     // parts reaching ahead of the firewall / behind the rear axle
  GlobalId first_node = 0, last_node = 0;  // its nodes are these ids, consecutive
  double mass = 0;
  std::array<double, 3> heading{};       // unit vector the vehicle faces
};

class Vehicle {
 public:
  Vehicle(const VehicleSpec& spec, PartCatalog& catalog);
  Vehicle(const Vehicle&) = delete;
  Vehicle& operator=(const Vehicle&) = delete;

  // Shells at element size h: exact, or a cheap upper bound (faces that
  // overlap after snapping counted twice).
  std::int64_t shells(double h, bool exact);
  MeshedVehicle mesh(double h, const VehiclePlacement& where, PartCatalog& catalog);

 private:
  VehicleSpec spec_;
  VehicleBody body_;
};

// The styling map, vehicle coordinates in and out: rakes the windshield and
// rear window and drops the hood towards the front. It depends on (x, z)
// only, so every axis-aligned lattice quad stays planar.
std::array<double, 3> style(const VehicleSpec& v, const std::array<double, 3>& x);

}  // namespace mc
