// Boundary and initial conditions: *BOUNDARY_SPC_NODE/SET,
// *BOUNDARY_PRESCRIBED_MOTION_NODE/SET/RIGID with the *DEFINE_VECTOR they name,
// *INITIAL_VELOCITY, _NODE, _GENERATION (walls: keywords_walls.cpp).
// Node sets and parts they name are looked up in resolve_references, once
// the whole deck is read.
#include <cmath>
#include <cstdlib>

#include "io/deck/card_fields.hpp"
#include "io/deck/card_checks.hpp"
#include "io/deck/keyword_handlers.hpp"

namespace mc {

namespace {

// DOFX..DOFRZ in fields first..first+5, each 0 (free) or 1 (fixed).
std::array<bool, 6> read_dofs(const CardFields& fields, int first) {
  static const char* const kNames[] = {"DOFX", "DOFY", "DOFZ", "DOFRX", "DOFRY", "DOFRZ"};
  std::array<bool, 6> fixed{};
  for (int i = 0; i < 6; ++i) {
    const int flag = fields.option(first + i, kNames[i]);
    if (flag != 0 && flag != 1) fields.fail(first + i, kNames[i], "must be 0 (free) or 1 (fixed)");
    fixed[static_cast<std::size_t>(i)] = flag == 1;
  }
  return fixed;
}

// With _ID, LS-DYNA reads one ID/HEADING card before the data cards, and
// LS-PrePost writes one before each data card: a later card whose fields
// after the first are all blank or not numbers (a heading) is another ID
// card. A data card with only its first field fixes nothing, so reading it
// as an ID card changes no answer.
bool another_id_card(const Card& card, const KeywordCards& cards, const KeywordOptions& options) {
  if (!options.id) return false;
  const CardFields fields(card, cards.keyword(), kStandardLayout);
  for (int f = 2; f <= 8; ++f) {
    double value = 0;
    bool out_of_range = false;
    if (!fields.blank(f) && parse_real(fields.raw(f), value, out_of_range)) return false;
  }
  fields.integer(1, "ID");  // still has to be a number
  return true;
}


// *BOUNDARY_PRESCRIBED_MOTION_NODE / _SET / _RIGID, card 1: NID, NSID or PID, DOF VAD
// LCID SF VID DEATH BIRTH, one card per node or set (LS-DYNA's defaults:
// SF 0 is 1, DEATH 0 is 1e28); DOF 9-11 add card 2: OFFSET1 OFFSET2 (MRB
// NODE1 NODE2, for VAD 4 only). A translation or rotation along an axis
// (DOF 1-3, 5-7) or a *DEFINE_VECTOR (4, 8; -4, -8 hold the rest of the
// velocity at zero) by velocity, acceleration or displacement (VAD 0-2), and
// a node's turn about an axis (DOF 9-11, or -9..-11 with the radius free) by
// angular velocity or angle (VAD 0, 2).
enum class MotionTarget { Node, NodeSet, RigidBody };

bool defined_dof(int dof) { return (dof >= 1 && dof <= 12) || dof == -4 || dof == -8 || (dof <= -9 && dof >= -11); }

// DOF 1-8 as a component or a vector, translation or rotation.
void set_direction(PrescribedMotion& motion, int dof) {
  const int along = std::abs(dof);
  motion.rotation = along >= 5;
  motion.exclusive = dof < 0;
  motion.component = along == 4 || along == 8 ? -1 : (along - 1) % 4;
  if (motion.component >= 0) motion.direction[static_cast<std::size_t>(motion.component)] = 1.0;
}

void read_prescribed_motion(KeywordCards& cards, const KeywordOptions& options, ReaderState& state,
                            MotionTarget target_kind) {
  skip_id_card(cards, options);
  while (const Card* card = cards.next()) {
    if (card->blank() || another_id_card(*card, cards, options)) continue;
    const CardFields fields(*card, cards.keyword(), kStandardLayout);
    PrescribedMotion motion;
    static const char* const kTargetNames[] = {"NID", "NSID", "PID"};
    const GlobalId target = fields.id(1, kTargetNames[static_cast<int>(target_kind)]);
    const int dof = fields.option(2, "DOF");
    const int vad = fields.option(3, "VAD");
    const SourceLine where = card->where();  // before card 2 is read over it
    if (!defined_dof(dof)) fields.fail(2, "DOF", "must be one of LS-DYNA's 1 .. 12, -4, -8, -9, -10, -11");
    if (vad < 0 || vad > 4) fields.fail(3, "VAD", "must be 0 (velocity), 1 (acceleration), 2 (displacement), 3 or 4");
    motion.curve = fields.id(4, "LCID");
    const double sf = fields.real(5, "SF");
    motion.scale = sf == 0.0 ? 1.0 : sf;
    const bool along_vector = std::abs(dof) == 4 || std::abs(dof) == 8;
    const GlobalId vector = along_vector ? fields.integer(6, "VID") : 0;
    const double death = fields.real(7, "DEATH");
    motion.death = death == 0.0 ? 1e28 : death;
    motion.birth = fields.real(8, "BIRTH");
    if (!(motion.death > motion.birth)) fields.fail(7, "DEATH", "must be later than BIRTH");
    const bool about_axis = std::abs(dof) >= 9 && std::abs(dof) <= 11;
    if (about_axis) {  // card 2 is read over card 1: its fields are all read by now
      const Card& second = cards.require("card 2 (OFFSET1 OFFSET2 MRB NODE1 NODE2)");
      const CardFields offsets(second, cards.keyword(), kStandardLayout);
      motion.offset = {offsets.real(1, "OFFSET1"), offsets.real(2, "OFFSET2")};
    }
    // LS-DYNA's other motions (of a rigid body about an offset axis, DOF 12;
    // velocity against displacement, relative displacement, an angular
    // acceleration of a turn) are physics minicrash does not model: listed
    // with the unsupported keywords.
    const bool turns_node = about_axis && target_kind != MotionTarget::RigidBody;
    if ((std::abs(dof) > 8 || dof == 0) && !turns_node) {
      state.unsupported_option(cards.keyword(), "DOF " + std::to_string(dof), where);
      continue;
    }
    if (vad > 2 || (turns_node && vad == 1)) {
      state.unsupported_option(cards.keyword(), "VAD " + std::to_string(vad), where);
      continue;
    }
    if (along_vector && vector <= 0) fields.fail(6, "VID", "must name a *DEFINE_VECTOR for DOF " + std::to_string(dof));
    if (turns_node) {
      motion.axis = std::abs(dof) - 9;
      motion.radius_free = dof < 0;
    } else {
      set_direction(motion, dof);
    }
    motion.kind = static_cast<PrescribedMotion::Kind>(vad);
    motion.where = where;
    if (along_vector) state.motion_vectors.push_back({state.model.prescribed_motions.size(), vector, cards.keyword()});
    switch (target_kind) {
      case MotionTarget::Node: motion.nodes.push_back(target); break;
      case MotionTarget::NodeSet:
        state.motion_sets.push_back({state.model.prescribed_motions.size(), target, cards.keyword()});
        break;
      case MotionTarget::RigidBody: motion.rigid_part = target; break;
    }
    state.model.prescribed_motions.push_back(std::move(motion));
  }
}

void add_vector(ReaderState& state, GlobalId id, const DefinedVector& vector) {
  if (const auto found = state.vectors.find(id); found != state.vectors.end())
    duplicate_id("vector", id, vector.where, found->second.where);
  state.vectors.emplace(id, vector);
}

}  // namespace

void read_boundary_prescribed_motion_node(KeywordCards& cards, const KeywordOptions& options, ReaderState& state) {
  read_prescribed_motion(cards, options, state, MotionTarget::Node);
}

void read_boundary_prescribed_motion_set(KeywordCards& cards, const KeywordOptions& options, ReaderState& state) {
  read_prescribed_motion(cards, options, state, MotionTarget::NodeSet);
}

void read_boundary_prescribed_motion_rigid(KeywordCards& cards, const KeywordOptions& options, ReaderState& state) {
  read_prescribed_motion(cards, options, state, MotionTarget::RigidBody);
}

// *DEFINE_VECTOR: VID XT YT ZT XH YH ZH CID, one card a vector. A local
// system (CID) is not read: the vector is taken as global, and listed.
void read_define_vector(KeywordCards& cards, const KeywordOptions& options, ReaderState& state) {
  if (options.title) read_title_card(cards, "the title card");
  while (const Card* card = cards.next()) {
    if (card->blank()) continue;
    const CardFields fields(*card, cards.keyword(), kStandardLayout);
    const GlobalId id = fields.id(1, "VID");
    double length2 = 0;
    DefinedVector vector;
    vector.where = card->where();
    for (int k = 0; k < 3; ++k) {
      static const char* const kTail[] = {"XT", "YT", "ZT"};
      static const char* const kHead[] = {"XH", "YH", "ZH"};
      const double d = fields.real(5 + k, kHead[k]) - fields.real(2 + k, kTail[k]);
      vector.direction[static_cast<std::size_t>(k)] = d;
      length2 += d * d;
    }
    if (!(length2 > 0)) fields.fail(5, "XH", "the head is the tail: the vector has no direction");
    for (double& d : vector.direction) d /= std::sqrt(length2);
    if (fields.integer(8, "CID") != 0) state.unsupported_option(cards.keyword(), "CID (a local system)", card->where());
    add_vector(state, id, vector);
  }
}

// *DEFINE_VECTOR_NODES: VID NODET NODEH, one card a vector (its direction is
// found once every node is read: deck_references.cpp).
void read_define_vector_nodes(KeywordCards& cards, const KeywordOptions& options, ReaderState& state) {
  if (options.title) read_title_card(cards, "the title card");
  while (const Card* card = cards.next()) {
    if (card->blank()) continue;
    const CardFields fields(*card, cards.keyword(), kStandardLayout);
    DefinedVector vector;
    vector.where = card->where();
    const GlobalId id = fields.id(1, "VID");
    vector.tail_node = fields.id(2, "NODET");
    vector.head_node = fields.id(3, "NODEH");
    add_vector(state, id, vector);
  }
}

void read_boundary_spc_node(KeywordCards& cards, const KeywordOptions& options, ReaderState& state) {
  skip_id_card(cards, options);
  while (const Card* card = cards.next()) {
    if (card->blank() || another_id_card(*card, cards, options)) continue;
    const CardFields fields(*card, cards.keyword(), kStandardLayout);
    Spc spc;
    spc.node = fields.id(1, "NID");
    reject_local_system(fields, 2, "CID");
    spc.fixed = read_dofs(fields, 3);
    spc.where = card->where();
    state.model.spcs.push_back(std::move(spc));
  }
}

void read_boundary_spc_set(KeywordCards& cards, const KeywordOptions& options, ReaderState& state) {
  skip_id_card(cards, options);
  while (const Card* card = cards.next()) {
    if (card->blank() || another_id_card(*card, cards, options)) continue;
    const CardFields fields(*card, cards.keyword(), kStandardLayout);
    SpcSetRequest request;
    request.node_set = fields.id(1, "NSID");
    reject_local_system(fields, 2, "CID");
    request.fixed = read_dofs(fields, 3);
    request.where = card->where();
    request.keyword = cards.keyword();
    state.spc_sets.push_back(std::move(request));
  }
}

void read_initial_velocity(KeywordCards& cards, const KeywordOptions&, ReaderState& state) {
  VelocityRequest request;
  request.keyword = cards.keyword();
  {
    const Card& card1 = cards.require("card 1 (NSID NSIDEX BOXID IRIGID ICID)");
    const CardFields fields(card1, cards.keyword(), kStandardLayout);
    request.selector.id = optional_set_id(fields, 1, "NSID");
    request.selector.kind = request.selector.id == 0 ? NodeSelector::Kind::AllNodes : NodeSelector::Kind::NodeSet;
    request.exempt_set = optional_set_id(fields, 2, "NSIDEX");
    reject_box(fields, 3);
    if (fields.option(4, "IRIGID") != 0) state.unsupported_option(cards.keyword(), "IRIGID", card1.where());
    reject_local_system(fields, 5, "ICID");
    request.velocity.where = card1.where();
  }
  // Translational, then nodal angular velocities (not a rigid spin: that is
  // *INITIAL_VELOCITY_GENERATION).
  const auto read_velocity = [&](const char* what, const char* const names[6], std::array<double, 3>& v,
                                 std::array<double, 3>& omega) {
    const Card& card = cards.require(what);
    const CardFields fields(card, cards.keyword(), kStandardLayout);
    for (int i = 0; i < 3; ++i) {
      v[static_cast<std::size_t>(i)] = fields.real(i + 1, names[i]);
      omega[static_cast<std::size_t>(i)] = fields.real(i + 4, names[i + 3]);
    }
  };
  static const char* const kNames[] = {"VX", "VY", "VZ", "VXR", "VYR", "VZR"};
  static const char* const kExemptNames[] = {"VXE", "VYE", "VZE", "VXRE", "VYRE", "VZRE"};
  read_velocity("card 2 (VX VY VZ VXR VYR VZR)", kNames, request.velocity.v, request.velocity.omega);
  if (request.exempt_set != 0) {
    read_velocity("card 3 (VXE VYE VZE VXRE VYRE VZRE)", kExemptNames, request.exempt_velocity,
                  request.exempt_omega);
  }
  state.velocities.push_back(std::move(request));
  cards.expect_end();
}

// One card per node: NID VX VY VZ VXR VYR VZR ICID. Runs of cards with the
// same velocity become one InitialVelocity (a whole vehicle is one run).
void read_initial_velocity_node(KeywordCards& cards, const KeywordOptions&, ReaderState& state) {
  VelocityRequest request;
  request.keyword = cards.keyword();
  request.selector.kind = NodeSelector::Kind::NodeList;
  const auto flush = [&] {
    if (!request.velocity.nodes.empty()) state.velocities.push_back(request);
    request.velocity.nodes.clear();
  };
  static const char* const kNames[] = {"VX", "VY", "VZ", "VXR", "VYR", "VZR"};
  while (const Card* card = cards.next()) {
    if (card->blank()) continue;
    const CardFields fields(*card, cards.keyword(), kStandardLayout);
    const GlobalId node = fields.id(1, "NID");
    std::array<double, 3> v{}, omega{};
    for (int i = 0; i < 3; ++i) {
      v[static_cast<std::size_t>(i)] = fields.real(i + 2, kNames[i]);
      omega[static_cast<std::size_t>(i)] = fields.real(i + 5, kNames[i + 3]);
    }
    reject_local_system(fields, 8, "ICID");
    if (request.velocity.nodes.empty() || v != request.velocity.v || omega != request.velocity.omega) {
      flush();
      request.velocity.v = v;
      request.velocity.omega = omega;
      request.velocity.where = card->where();
    }
    request.velocity.nodes.push_back(node);
  }
  flush();
}

void read_initial_velocity_generation(KeywordCards& cards, const KeywordOptions&, ReaderState& state) {
  do {
    VelocityRequest request;
    request.keyword = cards.keyword();
    double omega = 0;
    {
      const Card& card1 = cards.require("card 1 (ID STYP OMEGA VX VY VZ IVATN ICID)");
      const CardFields fields(card1, cards.keyword(), kStandardLayout);
      const GlobalId id = fields.integer(1, "ID");
      if (id < 0) fields.fail(1, "ID", "must not be negative");
      const int type = fields.option(2, "STYP");
      request.selector.id = id;
      if (id == 0) {
        request.selector.kind = NodeSelector::Kind::AllNodes;  // STYP is then ignored
      } else if (type == 1) {
        request.selector.kind = NodeSelector::Kind::PartSet;
      } else if (type == 2) {
        request.selector.kind = NodeSelector::Kind::Part;
      } else if (type == 3) {
        request.selector.kind = NodeSelector::Kind::NodeSet;
      } else {
        fields.fail(2, "STYP", "must be 1 (part set), 2 (part) or 3 (node set)");
      }
      omega = fields.real(3, "OMEGA");
      request.velocity.v = {fields.real(4, "VX"), fields.real(5, "VY"), fields.real(6, "VZ")};
      if (fields.option(7, "IVATN") != 0) state.unsupported_option(cards.keyword(), "IVATN", card1.where());
      reject_local_system(fields, 8, "ICID");
      request.velocity.where = card1.where();
    }
    const Card& card2 = cards.require("card 2 (XC YC ZC NX NY NZ PHASE IRIGID)");
    const CardFields fields(card2, cards.keyword(), kStandardLayout);
    request.velocity.center = {fields.real(1, "XC"), fields.real(2, "YC"), fields.real(3, "ZC")};
    const std::array<double, 3> axis{fields.real(4, "NX"), fields.real(5, "NY"), fields.real(6, "NZ")};
    request.velocity.spin_about_center = true;
    if (omega != 0.0) {
      const double length = std::sqrt(axis[0] * axis[0] + axis[1] * axis[1] + axis[2] * axis[2]);
      if (length == 0.0) fields.fail(4, "NX", "the rotation axis (NX, NY, NZ) is zero but OMEGA is not");
      for (std::size_t i = 0; i < 3; ++i) request.velocity.omega[i] = omega * axis[i] / length;
    }
    if (fields.option(8, "IRIGID") != 0) state.unsupported_option(cards.keyword(), "IRIGID", card2.where());
    state.velocities.push_back(std::move(request));
  } while (cards.has_more());
}

}  // namespace mc
