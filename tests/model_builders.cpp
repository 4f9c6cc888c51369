#include "model_builders.hpp"

#include "decomposition/parallel/communicator.hpp"

namespace mc::test {

GlobalId plate_node_id(const PlateSpec& spec, int i, int j) { return 1 + i + j * (spec.nx + 1); }

PlateSpec plate_spec(int nx, int ny, double lx, double ly, double t) {
  PlateSpec spec;
  spec.nx = nx;
  spec.ny = ny;
  spec.lx = lx;
  spec.ly = ly;
  spec.thickness = t;
  return spec;
}

void make_rigid_part(Model& m, const std::function<bool(const Shell&)>& in_grip) {
  Material rigid = m.materials.at(1);
  rigid.id = 2;
  rigid.kind = MaterialKind::Rigid;
  m.materials[2] = rigid;
  m.parts[2] = Part{2, "rigid", 1, 2, 0, ThicknessUpdate::None, {}};
  for (Shell& shell : m.shells)
    if (in_grip(shell)) shell.part = 2;
}

void add_loose_shell(Model& m, double at) {
  for (GlobalId k = 0; k < 4; ++k) m.nodes.push_back({9001 + k, {at + (k == 1 || k == 2), at + (k >= 2), 0}});
  Shell loose = m.shells.front();
  loose.id = 9001;
  loose.part = 3;
  loose.nodes = {9001, 9002, 9003, 9004};
  m.shells.push_back(loose);
  Part elastic = m.parts.at(1);
  elastic.id = 3;
  elastic.material = 1;
  m.parts[3] = elastic;
}

Model plate_model(const PlateSpec& spec) {
  Model m;
  m.title = "test plate";
  for (int j = 0; j <= spec.ny; ++j)
    for (int i = 0; i <= spec.nx; ++i)
      m.nodes.push_back({plate_node_id(spec, i, j),
                         {spec.x0 + spec.lx * i / spec.nx, spec.y0 + spec.ly * j / spec.ny, 0.0}});
  for (int j = 0; j < spec.ny; ++j)
    for (int i = 0; i < spec.nx; ++i) {
      Shell s;
      s.id = 1 + i + j * spec.nx;
      s.part = 1;
      s.nodes = {plate_node_id(spec, i, j), plate_node_id(spec, i + 1, j), plate_node_id(spec, i + 1, j + 1),
                 plate_node_id(spec, i, j + 1)};
      m.shells.push_back(s);
    }
  Material mat;
  mat.id = 1;
  mat.kind = spec.kind;
  mat.density = Steel::density;
  mat.youngs = Steel::youngs;
  mat.poisson = spec.poisson;
  mat.yield = spec.yield;
  mat.tangent = spec.tangent;
  m.materials[1] = mat;
  Section sec;
  sec.id = 1;
  sec.nip = spec.nip;
  sec.thickness = spec.thickness;
  m.sections[1] = sec;
  Part part;
  part.id = 1;
  part.title = "plate";
  part.section = 1;
  part.material = 1;
  m.parts[1] = part;
  m.controls.end_time = spec.end_time;
  m.controls.hourglass.ihq = spec.ihq;
  return m;
}

bool on_bottom_plate(const State& s, int n) { return s.nodes.ids[static_cast<std::size_t>(n)] < 1000; }

PlateVelocities plates_mean_vz(const State& s) {
  const int half = s.nodes.count() / 2;  // each plate's
  PlateVelocities v;
  for (int n = 0; n < s.nodes.count(); ++n) (on_bottom_plate(s, n) ? v.bottom : v.top) += s.nodes.v(n, 2) / half;
  return v;
}

Model colliding_plates(double gap, double v_bottom, double v_top, double mu) {
  PlateSpec spec;
  spec.lx = spec.ly = 20;  // 2 mm elements: the contact thickness is not capped (0.4 of an edge)
  spec.end_time = 0.2;
  Model m = plate_model(spec);
  const std::size_t nodes = m.nodes.size(), shells = m.shells.size();
  for (std::size_t i = 0; i < nodes; ++i) {
    Node n = m.nodes[i];
    n.id += 1000;
    n.x = {n.x[0] + 0.9, n.x[1] + 0.6, gap};
    m.nodes.push_back(n);
  }
  for (std::size_t e = 0; e < shells; ++e) {
    Shell s = m.shells[e];
    s.id += 1000;
    s.part = 2;
    for (GlobalId& n : s.nodes) n += 1000;
    m.shells.push_back(s);
  }
  Part top = m.parts[1];
  top.id = 2;
  top.title = "top plate";
  m.parts[2] = top;
  InitialVelocity up, down;
  for (std::size_t i = 0; i < nodes; ++i) {
    up.nodes.push_back(m.nodes[i].id);
    down.nodes.push_back(m.nodes[i + nodes].id);
  }
  up.v = {0, 0, v_bottom};
  down.v = {0, 0, -v_top};
  m.initial_velocities = {up, down};
  ContactInterface c;
  c.id = 1;
  c.kind = ContactInterface::Kind::SurfaceToSurface;
  c.slave_parts = {1};
  c.master_parts = {2};
  c.static_friction = c.dynamic_friction = mu;
  m.contacts.push_back(c);
  return m;
}

RunResult run_quietly(State& state, double end_time, std::function<void(const State&)> probe) {
  Communicator comm;
  RunSettings rs;
  rs.end_time = end_time;
  rs.write_files = false;
  rs.progress_seconds = 0;
  rs.after_cycle = std::move(probe);
  return run_simulation(state, rs, comm);
}

}  // namespace mc::test
