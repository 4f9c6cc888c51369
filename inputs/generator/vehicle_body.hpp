// A generated vehicle as a list of structural parts, each a few axis-aligned
// sheet-metal faces on the vehicle's lattice (lattice_mesh.hpp), plus rigid
// wheels hung on hub plates. One source file per component family
// (vehicle_front.cpp, vehicle_cabin.cpp, ...) adds its parts through this
// interface; vehicle_assembly.cpp meshes, styles and places the result.
//
// Vehicle coordinates, mm: x rearward from the front bumper face, y to the
// left, z up from the ground. Left and right are built by one function
// called with side = +1 and -1.
#pragma once

#include <array>
#include <map>
#include <string>
#include <vector>

#include "inputs/generator/lattice_mesh.hpp"
#include "io/model.hpp"

namespace mc {

// Dimensions of one body style. Defaults: a Neon-like compact sedan.
struct VehicleSpec {
  std::string name = "sedan";
  double length = 4360, width = 1710, roof_z = 1390;
  double front_overhang = 880, wheelbase = 2640;  // front axle at x = front_overhang
  double wheel_radius = 300, tire_width = 185, track = 1460;
  double floor_z = 260;                      // top of the floor pan
  double rail_y = 480, rail_width = 70, rail_height = 100, rail_z = 440;  // front rail section, centre
  double crash_box_length = 160;
  double belt_z = 960;                       // cowl, hood line at the cowl, window sills
  double hood_drop = 150;                    // the hood's front edge sits this much lower (styling)
  double windshield_rake = 400, backlight_rake = 300;  // roof ends pulled in at roof height (styling)
  double greenhouse_rear = 3420;             // x of the C pillars at the belt line
  int doors_per_side = 2;
  bool trunk = true;                         // sedan trunk; false: hatch/van rear door
  int seat_rows = 2;
  int rail_zones = 3, rocker_zones = 2, floor_tiles = 3;
  double gauge = 1.0;                        // sheet thickness factor (vans are heavier gauge)
  double mass = 1300, engine_mass = 180, wheel_mass = 20;  // kg

  double firewall_x() const { return front_overhang + wheel_radius + 70; }
  double rear_axle() const { return front_overhang + wheelbase; }
  double rail_top() const { return rail_z + rail_height / 2; }
  double rail_bottom() const { return rail_z - rail_height / 2; }
  double wheelhouse_z() const { return 2 * wheel_radius + 70; }
  double apron_y() const { return track / 2 - tire_width / 2 - 40; }  // wheelhouse inner wall
  double side_y() const { return width / 2 - 10; }  // body side: door skins, rocker and quarter outers
  double rocker_inner_y() const { return side_y() - 110; }
  double rocker_top() const { return floor_z + 140; }
  double rear_wheelhouse_front() const { return rear_axle() - wheel_radius - 70; }
  double rear_wheelhouse_rear() const { return rear_axle() + wheel_radius + 70; }
  double heel_kick_x() const { return rear_wheelhouse_front() - 250; }
  double rear_floor_z() const { return floor_z + 200; }
  double roof_rail_z() const { return roof_z - 60; }  // roof rail bottom: pillar tops
  double back_panel_x() const { return length - 110; }
  double b_pillar_x() const { return firewall_x() + 80 + 0.55 * (rear_wheelhouse_front() - firewall_x() - 180); }
};

// Material grades the generator uses (mm, ms, kg, GPa).
enum class Grade { Mild, Hsla, Dp600, Boron, Aluminium, Plastic, Glass, Ballast, Rigid };

// Parts, sections and materials of the whole model: ids shared by every
// vehicle in it (a grade is one material; a rigid part gets its own).
class PartCatalog {
 public:
  explicit PartCatalog(Model& m) : m_(m) {}
  GlobalId add(const std::string& title, Grade grade, double thickness);
  bool rigid(GlobalId part) const;
  Model& model() { return m_; }

 private:
  GlobalId material(Grade grade);
  Model& m_;
  std::map<int, GlobalId> grade_material_;
  std::map<long, GlobalId> thickness_section_;  // thickness in um -> section
};

struct Range {
  double lo, hi;
};

// A rigid wheel: a disc in the plane y = hub_y from a square hub plate (the
// knuckle, half side hub_half) out to the rim, and the tread, a cylinder
// `width` wide centred on that plane. Its wheelhouse (house_x0..house_x1,
// up to house_top, between the planes y = house_inner and house_outer, all
// features of the lattice) bounds it: at coarse scales, where those snap
// closer, the wheel shrinks to stay clear of them.
struct WheelSpec {
  GlobalId part = 0;
  double x = 0, z = 0, hub_y = 0, hub_half = 0, radius = 0, width = 0;
  double house_x0 = 0, house_x1 = 0, house_top = 0, house_inner = 0, house_outer = 0;
};

class VehicleBody {
 public:
  VehicleBody(const VehicleSpec& spec, PartCatalog& catalog) : spec_(spec), catalog_(catalog) {}
  const VehicleSpec& spec() const { return spec_; }

  // A part of this vehicle; its title is prefixed with the vehicle's name.
  GlobalId part(const std::string& name, Grade grade, double thickness);
  // Parts whose mass is trimmed so the vehicle weighs spec.mass (seats, tank).
  GlobalId ballast(const std::string& name, double thickness);

  // Flat panels in the planes x, y or z = const.
  void yz(GlobalId part, double x, Range y, Range z);
  void xz(GlobalId part, double y, Range x, Range z);
  void xy(GlobalId part, double z, Range x, Range y);

  // Thin-walled closed section along `axis` (0 x, 1 y, 2 z) over `along`,
  // cross-section `a` x `b` on the next two axes in cyclic order (x: y,z;
  // y: z,x; z: x,y). `zones` splits `along` into parts of their own (tailor
  // welded blanks), one thickness each. Walls: bit 0 a.lo, 1 a.hi, 2 b.lo,
  // 3 b.hi (an open hat section leaves one out).
  void box(const std::string& name, Grade grade, int axis, const std::vector<double>& zones,
           const std::vector<double>& thickness, Range a, Range b, unsigned walls = 15);
  // The same section as one part (a drawn tube, a one-piece stamping).
  void tube(const std::string& name, Grade grade, int axis, Range along, double thickness, Range a, Range b,
            unsigned walls = 15);
  void bead(const LatticeBead& b) { lattice_.add_bead(b); }
  // A rigid wheel `name` and its knuckle (w.part is set here).
  void wheel(const std::string& name, WheelSpec w);

  LatticeMesh& lattice() { return lattice_; }
  const std::vector<GlobalId>& parts() const { return parts_; }
  const std::vector<GlobalId>& ballast_parts() const { return ballast_; }
  const std::vector<WheelSpec>& wheels() const { return wheels_; }
  double gauge(double t) const { return t * spec_.gauge; }

 private:
  void section(const std::string& name, Grade grade, int axis, const std::vector<double>& zones,
               const std::vector<double>& thickness, Range a, Range b, unsigned walls, bool one_part);
  const VehicleSpec& spec_;
  PartCatalog& catalog_;
  LatticeMesh lattice_;
  std::vector<GlobalId> parts_, ballast_;
  std::vector<WheelSpec> wheels_;
};

// Mirror a lateral range to side +1 (left) or -1 (right).
inline Range side_range(int side, Range y) {
  return side > 0 ? y : Range{-y.hi, -y.lo};
}
inline std::string side_name(const std::string& name, int side) { return name + (side > 0 ? " L" : " R"); }

// Component families, one file each.
void add_front_structure(VehicleBody& body);     // bumper, crash boxes, rails, radiator support, aprons
void add_powertrain(VehicleBody& body);          // rigid engine, mounts, subframe, front suspension
void add_cabin_floor(VehicleBody& body);         // firewall, floor, tunnel, cross members, rockers
void add_cabin_upper(VehicleBody& body);         // pillars, roof, roof rails, glass
void add_closures(VehicleBody& body);            // hood, fenders, doors, trunk or rear door
void add_rear_structure(VehicleBody& body);      // rear rails, rear floor, wheelhouses, rear bumper, suspension
void add_interior(VehicleBody& body);            // seats, fuel tank (ballast)

}  // namespace mc
