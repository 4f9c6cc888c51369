#include "miniapp/state/contact_mesh_of.hpp"

namespace mc {

ContactMesh contact_mesh_of(State& s) {
  ContactMesh mesh;
  mesh.x = s.nodes.x;
  mesh.v = s.nodes.v;
  mesh.mass = s.nodes.mass;
  mesh.force = s.nodes.fc;
  mesh.node_ids = &s.nodes.ids;
  mesh.owned = &s.nodes.owned;
  mesh.shell_nodes = s.elements.conn;
  mesh.alive = s.elements.alive;
  mesh.shell_part = s.elements.part;
  mesh.shell_thickness = s.elements.thickness;
  mesh.shell_ids = &s.elements.ids;
  for (std::size_t p = 0; p < s.part_info.size(); ++p) {
    const PartParams& part = s.parts(p);
    const MaterialParams& mat = s.materials(part.material);
    mesh.parts.push_back({s.part_info[p].id, double(mat.youngs), double(mat.poisson)});
  }
  return mesh;
}

}  // namespace mc
