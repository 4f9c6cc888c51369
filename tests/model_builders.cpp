#include "model_builders.hpp"

#include "decomposition/communicator.hpp"

namespace mc::test {

GlobalId plate_node_id(const PlateSpec& spec, int i, int j) { return 1 + i + j * (spec.nx + 1); }

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
