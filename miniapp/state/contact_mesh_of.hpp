// The solver's side of the contact seam: the ContactMesh (contact/
// contact_mesh.hpp) that shows contact this rank's nodes and shells.
#pragma once

#include "contact/contact_mesh.hpp"
#include "miniapp/state/state.hpp"

namespace mc {

// Views are shared, not copied: the mesh follows the state as it moves.
ContactMesh contact_mesh_of(State& state);

}  // namespace mc
