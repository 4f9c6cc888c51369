// *ELEMENT_MASS_PART and *ELEMENT_MASS_PART_SET: non-structural mass (trim,
// fluids, parts left out of the mesh) spread over the nodes of a part or
// part set by area, as LS-DYNA distributes it. Each node's share becomes a
// point mass, so the solver sees it like *ELEMENT_MASS.
#include <algorithm>
#include <cmath>
#include <map>

#include "io/deck/card_fields.hpp"
#include "io/deck/input_error.hpp"
#include "io/deck/keyword_handlers.hpp"
#include "io/deck/validation_support.hpp"
#include "io/vec3.hpp"

namespace mc {

namespace {

// PID/PSID, ADDMASS, FINMASS, LCID.
constexpr FieldLayout kPartMassLayout{{8, 16, 16, 8}, 4};

// A shell's area, half the cross product of its diagonals (a triangle's
// too: n3 = n4).
double shell_area(const std::array<Vec3, 4>& x) {
  return 0.5 * length(cross(minus(x[2], x[0]), minus(x[3], x[1])));
}

}  // namespace

void read_element_mass_part(KeywordCards& cards, const KeywordOptions&, ReaderState& state) {
  const bool part_set = cards.keyword().find("_SET") != std::string::npos;
  while (const Card* card = cards.next()) {
    if (card->blank()) continue;
    const CardFields fields(*card, cards.keyword(), kPartMassLayout);
    PartMassRequest request;
    request.target = fields.id(1, part_set ? "PSID" : "PID");
    request.part_set = part_set;
    request.added = fields.real(2, "ADDMASS");
    request.final_mass = fields.real(3, "FINMASS");
    if (request.added < 0) fields.fail(2, "ADDMASS", "mass must not be negative");
    if (request.final_mass < 0) fields.fail(3, "FINMASS", "mass must not be negative");
    if (request.added > 0 && request.final_mass > 0)
      fields.fail(3, "FINMASS", "give ADDMASS or FINMASS, not both (LS-DYNA: FINMASS 0 when ADDMASS is set)");
    if (fields.integer(4, "LCID") != 0)
      state.unsupported_option(cards.keyword(), "LCID (added mass varying in time)", card->where());
    request.where = card->where();
    request.keyword = cards.keyword();
    state.part_masses.push_back(request);
  }
}

void resolve_part_masses(ReaderState& state) {
  if (state.part_masses.empty()) return;
  Model& m = state.model;
  std::map<GlobalId, Vec3> at;
  for (const Node& node : m.nodes) at.emplace(node.id, node.x);
  // Element ids for the shares (a deck written back keeps them as *ELEMENT_MASS).
  GlobalId next_id = 1;
  for (const Shell& shell : m.shells) next_id = std::max(next_id, shell.id + 1);
  for (const PointMass& mass : m.point_masses) next_id = std::max(next_id, mass.id + 1);
  for (const PartMassRequest& request : state.part_masses) {
    const std::string what = request.keyword + ": " + (request.part_set ? "part set " : "part ") +
                             std::to_string(request.target);
    std::vector<GlobalId> parts = {request.target};
    if (request.part_set) {
      const auto set = m.part_sets.find(request.target);
      if (set == m.part_sets.end()) throw InputError(request.where, what + " is not defined");
      parts = sorted_unique(set->second);
    } else if (state.left_out_parts.count(request.target) != 0) {
      state.warn(request.where, what + " was left out (--allow-unsupported): its mass is left out with it");
      state.unsupported.add(request.keyword.substr(1) + " (left out with its part)", request.where);
      continue;
    } else if (m.parts.count(request.target) == 0) {
      throw InputError(request.where, what + " is not defined");
    }
    // Each node's share of the area (a shell's area in equal parts to its
    // distinct corners) and, for FINMASS, the shells' own mass rho t A.
    std::map<GlobalId, double> share;
    double area = 0, own_mass = 0;
    for (const Shell& shell : m.shells) {
      if (!std::binary_search(parts.begin(), parts.end(), shell.part)) continue;
      std::array<Vec3, 4> x;
      for (int c = 0; c < 4; ++c) {
        const auto node = at.find(shell.nodes[static_cast<std::size_t>(c)]);
        if (node == at.end()) throw InputError(shell.where, "shell " + std::to_string(shell.id) + ": node " +
                                                                std::to_string(shell.nodes[static_cast<std::size_t>(c)]) +
                                                                " is not defined");
        x[static_cast<std::size_t>(c)] = node->second;
      }
      const double a = shell_area(x);
      const int corners = shell.nodes[2] == shell.nodes[3] ? 3 : 4;
      for (int c = 0; c < corners; ++c) share[shell.nodes[static_cast<std::size_t>(c)]] += a / corners;
      area += a;
      if (request.final_mass > 0) {
        const Part& part = m.parts.at(shell.part);
        const auto section = m.sections.find(part.section);
        const auto material = m.materials.find(part.material);
        if (section == m.sections.end() || material == m.materials.end()) continue;  // validation names it
        own_mass += material->second.density * (shell.thickness > 0 ? shell.thickness : section->second.thickness) * a;
      }
    }
    if (!(area > 0)) throw InputError(request.where, what + " has no shells (with area) to carry the mass");
    const double added = request.final_mass > 0 ? request.final_mass - own_mass : request.added;
    if (added < 0)
      throw InputError(request.where, what + ": FINMASS " + validation::text(request.final_mass) +
                                          " is below the shells' own mass " + validation::text(own_mass));
    for (const auto& [node, a] : share) {
      PointMass mass;
      mass.id = next_id++;
      mass.node = node;
      mass.mass = added * a / area;
      mass.where = request.where;
      m.point_masses.push_back(mass);
    }
  }
}

}  // namespace mc
