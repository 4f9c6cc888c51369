// *PART_INERTIA (and the inertia cards of *CONSTRAINED_NODAL_RIGID_BODY_INERTIA):
// a rigid body that takes the given mass, centre, inertia tensor and initial
// velocity instead of its nodes' (the body's motion: miniapp/nodal/given_inertia.cpp).
#include <algorithm>
#include <cmath>
#include <unordered_map>

#include "io/deck/card_fields.hpp"
#include "io/deck/input_error.hpp"
#include "io/deck/keyword_handlers.hpp"
#include "io/vec3.hpp"

namespace mc {

namespace {

// IRCS 1: the tensor is given in the axes of card 6, local x along (XL YL ZL)
// and local y in the plane of x and (XLIP YLIP ZLIP); returns Q T Q^T.
std::array<double, 6> to_global(const std::array<double, 6>& local, const CardFields& fields) {
  const Vec3 along = {fields.real(1, "XL"), fields.real(2, "YL"), fields.real(3, "ZL")};
  const Vec3 in_plane = {fields.real(4, "XLIP"), fields.real(5, "YLIP"), fields.real(6, "ZLIP")};
  const Vec3 normal = cross(along, in_plane);
  if (!(length(along) > 0)) fields.fail(1, "XL", "the local x axis (XL YL ZL) has no length");
  if (!(length(normal) > 1e-12 * length(along) * length(in_plane)))
    fields.fail(4, "XLIP", "the in-plane vector (XLIP YLIP ZLIP) is parallel to the local x axis, or zero");
  Vec3 axis[3];
  axis[0] = along;
  axis[2] = normal;
  axis[1] = cross(axis[2], axis[0]);
  for (Vec3& a : axis) {
    const double l = length(a);
    for (double& c : a) c /= l;
  }
  double r[3][3];  // columns: the local axes in global components
  for (int i = 0; i < 3; ++i)
    for (int a = 0; a < 3; ++a) r[i][a] = axis[a][static_cast<std::size_t>(i)];
  return turned(r, local);
}

// Sylvester's criterion: every leading minor positive.
bool positive_definite(const std::array<double, 6>& i) {
  const double m1 = i[0], m2 = i[0] * i[1] - i[3] * i[3];
  const double m3 = i[0] * (i[1] * i[2] - i[4] * i[4]) - i[3] * (i[3] * i[2] - i[4] * i[5]) +
                    i[5] * (i[3] * i[4] - i[1] * i[5]);
  return m1 > 0 && m2 > 0 && m3 > 0;
}

}  // namespace

RigidInertia read_inertia_cards(KeywordCards& cards, ReaderState& state, const std::string& what) {
  RigidInertia given;
  int ircs = 0;
  {
    const Card& card = cards.require("card (XC YC ZC TM IRCS NODEID)");
    const CardFields fields(card, cards.keyword(), kStandardLayout);
    for (int k = 0; k < 3; ++k) given.center[static_cast<std::size_t>(k)] = fields.real(1 + k, "XC/YC/ZC");
    given.mass = fields.real(4, "TM");
    if (!(given.mass > 0)) fields.fail(4, "TM", "the body's mass must be positive");
    ircs = fields.option(5, "IRCS");
    if (ircs != 0 && ircs != 1) fields.fail(5, "IRCS", "must be 0 (global tensor) or 1 (tensor in the axes of card 6)");
    given.center_node = fields.integer(6, "NODEID");
    if (given.center_node < 0) fields.fail(6, "NODEID", "id must not be negative");
    given.where = card.where();
  }
  SourceLine tensor_where;
  {
    const Card& card = cards.require("card (IXX IXY IXZ IYY IYZ IZZ)");
    tensor_where = card.where();
    const CardFields fields(card, cards.keyword(), kStandardLayout);
    given.inertia = {fields.real(1, "IXX"), fields.real(4, "IYY"), fields.real(6, "IZZ"),
                     fields.real(2, "IXY"), fields.real(5, "IYZ"), fields.real(3, "IXZ")};
  }
  {
    const Card& card = cards.require("card (VTX VTY VTZ VRX VRY VRZ)");
    const CardFields fields(card, cards.keyword(), kStandardLayout);
    static const char* const kNames[] = {"VTX", "VTY", "VTZ", "VRX", "VRY", "VRZ"};
    for (int k = 0; k < 3; ++k) {
      given.velocity[static_cast<std::size_t>(k)] = fields.real(1 + k, kNames[k]);
      given.spin[static_cast<std::size_t>(k)] = fields.real(4 + k, kNames[3 + k]);
    }
  }
  if (ircs == 1) {
    const Card& card = cards.require("card (XL YL ZL XLIP YLIP ZLIP CID), IRCS 1");
    const CardFields fields(card, cards.keyword(), kStandardLayout);
    if (fields.integer(7, "CID") != 0)
      state.unsupported_option(cards.keyword(), "CID (a *DEFINE_COORDINATE system)", card.where());
    else
      given.inertia = to_global(given.inertia, fields);
  }
  if (!positive_definite(given.inertia))
    throw InputError(tensor_where, cards.keyword() + ": " + what + ": the inertia tensor is not positive definite");
  return given;
}

void read_part_inertia(KeywordCards& cards, const KeywordOptions&, ReaderState& state) {
  do {
    const GlobalId part = read_part_cards(cards, state);
    state.model.part_inertias.emplace(part, read_inertia_cards(cards, state, "part " + std::to_string(part)));
  } while (cards.has_more());
}

namespace {

// A nodal body with a given inertia reports its mass and energy in the part
// of the lowest-id shell on any of its nodes (the part its nodes would
// report in), the same on every rank.
void find_energy_parts(Model& m) {
  for (NodalRigidBody& body : m.nodal_rigid_bodies) {
    if (!body.given) continue;
    const std::vector<GlobalId> nodes = sorted_unique(body.nodes);
    GlobalId lowest = 0;
    for (const Shell& shell : m.shells)
      for (GlobalId node : shell.nodes)
        if (std::binary_search(nodes.begin(), nodes.end(), node) && (lowest == 0 || shell.id < lowest)) {
          lowest = shell.id;
          body.energy_part = shell.part;
        }
    if (lowest == 0)
      throw InputError(body.where, "*CONSTRAINED_NODAL_RIGID_BODY_INERTIA: body " + std::to_string(body.id) +
                                       ": none of its nodes is on a shell (its mass and energy are reported in the part of a shell on its nodes)");
  }
}

}  // namespace

void resolve_part_inertia_centers(ReaderState& state) {
  find_energy_parts(state.model);
  struct Named {
    RigidInertia* given;
    std::string what;
  };
  std::unordered_multimap<GlobalId, Named> by_node;
  for (auto& [part, given] : state.model.part_inertias)
    if (given.center_node != 0)
      by_node.emplace(given.center_node, Named{&given, "*PART_INERTIA: part " + std::to_string(part)});
  for (NodalRigidBody& body : state.model.nodal_rigid_bodies)
    if (body.given && body.inertia.center_node != 0)
      by_node.emplace(body.inertia.center_node,
                      Named{&body.inertia, "*CONSTRAINED_NODAL_RIGID_BODY_INERTIA: body " + std::to_string(body.id)});
  if (by_node.empty()) return;
  for (const Node& node : state.model.nodes) {
    const auto [first, last] = by_node.equal_range(node.id);
    for (auto it = first; it != last; ++it) {
      it->second.given->center = node.x;
      it->second.given->center_node = 0;
    }
  }
  for (const auto& [node, named] : by_node)
    if (named.given->center_node != 0)
      throw InputError(named.given->where, named.what + ": NODEID " + std::to_string(node) + " is not defined");
}

}  // namespace mc
