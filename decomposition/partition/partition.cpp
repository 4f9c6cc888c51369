// Method names, the input built from a Model, checks and dispatch.
#include "decomposition/partition/partition.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <unordered_map>

#include "decomposition/partition/partition_methods.hpp"
#include "io/deck/input_error.hpp"

namespace mc {

PartitionMethod parse_partition_method(const std::string& name) {
  if (name == "rcb") return PartitionMethod::Rcb;
  if (name == "metis") return PartitionMethod::Metis;
  if (name == "metis-mc") return PartitionMethod::MetisMultiConstraint;
  if (name == "rcb-contact") return PartitionMethod::RcbContactApart;
  throw InputError("command line: unknown partitioner '" + name + "' (rcb, rcb-contact, metis, metis-mc)");
}

const char* partition_method_name(PartitionMethod m) {
  switch (m) {
    case PartitionMethod::Rcb: return "rcb";
    case PartitionMethod::Metis: return "metis";
    case PartitionMethod::MetisMultiConstraint: return "metis-mc";
    case PartitionMethod::RcbContactApart: return "rcb-contact";
  }
  return "?";
}

namespace {

struct PartLoad {
  bool rigid = false;  // rigid or *MAT_NULL: the element phase skips its shells (weights.rigid)
  int nip = 0;
  double contact = 0;
  // Interfaces with a side given as shells that the part does not already
  // count for: each of the part's shells is looked up in them.
  std::vector<const ContactInterface*> by_shell;
};

// One lookup per part, not per element: decks have few parts, many elements.
// Contact load of a shell: one for each interface it is a segment of (each
// is searched and checked every cycle; the candidate count per segment is
// about the same).
double contact_load(const Model& model, GlobalId part, std::vector<const ContactInterface*>& by_shell) {
  double load = 0;
  for (const ContactInterface& c : model.contacts) {
    const auto has = [part](const std::vector<GlobalId>& parts) {
      return std::find(parts.begin(), parts.end(), part) != parts.end();
    };
    const bool slave = c.slave_shells.empty() && (c.slave_all || has(c.slave_parts));
    const bool master = c.master_shells.empty() && (c.master_all || has(c.master_parts));
    if (slave || master) load += 1;
    else if (!c.slave_shells.empty() || !c.master_shells.empty()) by_shell.push_back(&c);
  }
  return load;
}

// The interfaces whose shell sides hold this shell.
double shell_contact_load(const PartLoad& p, GlobalId shell) {
  double load = 0;
  for (const ContactInterface* c : p.by_shell)
    if (std::binary_search(c->slave_shells.begin(), c->slave_shells.end(), shell) ||
        std::binary_search(c->master_shells.begin(), c->master_shells.end(), shell))
      load += 1;
  return load;
}

PartLoad part_load(const Model& model, const Shell& s) {
  const auto part = model.parts.find(s.part);
  if (part == model.parts.end())
    throw InputError(s.where, "shell " + std::to_string(s.id) + ": part " + std::to_string(s.part) + " is not defined");
  std::vector<const ContactInterface*> by_shell;
  const double contact = contact_load(model, s.part, by_shell);
  const auto mat = model.materials.find(part->second.material);
  if (mat != model.materials.end() && (mat->second.kind == MaterialKind::Rigid || mat->second.kind == MaterialKind::Null))
    return {true, 0, contact, by_shell};
  const auto sec = model.sections.find(part->second.section);
  if (sec == model.sections.end())
    throw InputError(s.where, "part " + std::to_string(s.part) + ": section " +
                                  std::to_string(part->second.section) + " is not defined");
  return {false, sec->second.nip, contact, by_shell};
}

}  // namespace

PartitionInput partition_input(const Model& model, const WorkWeights& weights,
                               const MeasuredWork* measured) {
  PartitionInput in;
  in.num_nodes = static_cast<std::int64_t>(model.nodes.size());
  std::unordered_map<GlobalId, std::int64_t> index;
  index.reserve(model.nodes.size());
  for (std::size_t n = 0; n < model.nodes.size(); ++n) index.emplace(model.nodes[n].id, static_cast<std::int64_t>(n));
  std::unordered_map<GlobalId, PartLoad> loads;
  const std::size_t ne = model.shells.size();
  in.centroids.reserve(ne);
  in.nodes.reserve(ne);
  in.work.reserve(ne);
  in.second_work.reserve(ne);
  for (const Shell& s : model.shells) {
    std::array<std::int64_t, 4> corners{};
    for (int c = 0; c < 4; ++c) {
      const auto it = index.find(s.nodes[c]);
      if (it == index.end())
        throw InputError(s.where, "shell " + std::to_string(s.id) + ": node " + std::to_string(s.nodes[c]) +
                                      " is not defined");
      corners[c] = it->second;
    }
    const int distinct = corners[2] == corners[3] ? 3 : 4;
    std::array<double, 3> c{};
    for (int k = 0; k < distinct; ++k)
      for (int d = 0; d < 3; ++d) c[d] += model.nodes[corners[k]].x[d] / distinct;
    auto load = loads.find(s.part);
    if (load == loads.end()) load = loads.emplace(s.part, part_load(model, s)).first;
    in.centroids.push_back(c);
    in.nodes.push_back(corners);
    const PartLoad& p = load->second;
    double work = weights.rigid;
    if (!p.rigid) {
      work = (distinct == 3 ? weights.triangle : weights.shell) + weights.point * p.nip;
      if (measured)
        if (const auto y = measured->yielding.find(s.id); y != measured->yielding.end())
          work += weights.plastic_point * y->second;
    }
    double pairs = 0;
    if (measured)
      if (const auto m = measured->contact_pairs.find(s.id); m != measured->contact_pairs.end()) pairs = m->second;
    in.work.push_back(work + weights.contact_pair * pairs);
    in.second_work.push_back(measured ? pairs : p.contact + shell_contact_load(p, s.id));
  }
  return in;
}

namespace detail {

void check_partition_input(const PartitionInput& input, int parts) {
  auto fail = [](const std::string& what) { throw std::invalid_argument("partition: " + what); };
  if (parts < 1) fail("parts must be at least 1, got " + std::to_string(parts));
  const std::size_t ne = input.centroids.size();
  if (input.nodes.size() != ne) fail("centroids and element nodes differ in count");
  if (!input.work.empty() && input.work.size() != ne) fail("work has one value per element or none");
  if (!input.second_work.empty() && input.second_work.size() != ne)
    fail("second_work has one value per element or none");
  for (std::size_t e = 0; e < ne; ++e) {
    for (std::int64_t n : input.nodes[e])
      if (n < 0 || n >= input.num_nodes) fail("element " + std::to_string(e) + " has node index " + std::to_string(n) +
                                              " outside 0.." + std::to_string(input.num_nodes - 1));
    // NaN would break the strict ordering RCB sorts by.
    for (double x : input.centroids[e])
      if (!std::isfinite(x)) fail("element " + std::to_string(e) + " has a non-finite centroid");
  }
  for (const auto* w : {&input.work, &input.second_work})
    for (std::size_t e = 0; e < w->size(); ++e)
      if (!std::isfinite((*w)[e]) || (*w)[e] < 0)
        fail("element " + std::to_string(e) + " has negative or non-finite work");
}

}  // namespace detail

std::vector<int> partition_elements(const PartitionInput& input, int parts, PartitionMethod method) {
  detail::check_partition_input(input, parts);
  if (parts == 1) return std::vector<int>(input.centroids.size(), 0);
  switch (method) {
    case PartitionMethod::Rcb: return detail::rcb_partition(input, parts);
    case PartitionMethod::Metis: return detail::metis_partition(input, parts, false);
    case PartitionMethod::MetisMultiConstraint: return detail::metis_partition(input, parts, true);
    case PartitionMethod::RcbContactApart: return detail::rcb_contact_apart_partition(input, parts);
  }
  throw std::invalid_argument("partition: unknown method");
}

}  // namespace mc
