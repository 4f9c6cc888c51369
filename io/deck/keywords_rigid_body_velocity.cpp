// *INITIAL_VELOCITY_RIGID_BODY: PID VX VY VZ VXR VYR VZR, a card a body.
// The velocity is its centre of mass's and the spin about it; it overrides
// every other initial velocity of the body's nodes (keyword manual).
#include "io/deck/card_fields.hpp"
#include "io/deck/input_error.hpp"
#include "io/deck/keyword_handlers.hpp"

namespace mc {

void read_initial_velocity_rigid_body(KeywordCards& cards, const KeywordOptions&, ReaderState& state) {
  static const char* const kNames[] = {"VX", "VY", "VZ", "VXR", "VYR", "VZR"};
  bool any = false;
  while (const Card* card = cards.next()) {
    if (card->blank()) continue;
    const CardFields fields(*card, cards.keyword(), kStandardLayout);
    RigidBodyVelocity velocity;
    velocity.body = fields.id(1, "PID");
    for (std::size_t i = 0; i < 3; ++i) {
      velocity.v[i] = fields.real(static_cast<int>(i) + 2, kNames[i]);
      velocity.omega[i] = fields.real(static_cast<int>(i) + 5, kNames[i + 3]);
    }
    velocity.where = card->where();
    state.model.rigid_body_velocities.push_back(velocity);
    any = true;
  }
  if (!any) cards.require("card 1 (PID VX VY VZ VXR VYR VZR)");
}

// A PID is a *MAT_RIGID part's, else a nodal rigid body's; a body given
// twice takes its last card, as LS-DYNA's input overrides.
void resolve_rigid_body_velocities(ReaderState& state) {
  Model& m = state.model;
  std::vector<RigidBodyVelocity> kept;
  for (RigidBodyVelocity& velocity : m.rigid_body_velocities) {
    const std::string what = "*INITIAL_VELOCITY_RIGID_BODY: PID " + std::to_string(velocity.body);
    const auto part = m.parts.find(velocity.body);
    if (part != m.parts.end()) {
      const auto material = m.materials.find(part->second.material);
      if (material != m.materials.end() && material->second.kind != MaterialKind::Rigid)
        throw InputError(velocity.where, what + " is a deformable part, not a rigid body");
    } else if (state.left_out_parts.count(velocity.body) != 0) {
      state.warn(velocity.where, what + " was left out (--allow-unsupported): its velocity is left out with it");
      state.unsupported.add("INITIAL_VELOCITY_RIGID_BODY (left out with its part)", velocity.where);
      continue;
    } else {
      bool nodal = false;
      for (const NodalRigidBody& body : m.nodal_rigid_bodies) nodal = nodal || (!body.weld && body.id == velocity.body);
      if (!nodal)
        throw InputError(velocity.where, what + " is neither a rigid part nor a *CONSTRAINED_NODAL_RIGID_BODY");
      velocity.nodal = true;
    }
    kept.push_back(velocity);
  }
  m.rigid_body_velocities = std::move(kept);
}

}  // namespace mc
