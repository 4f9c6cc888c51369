#include "miniapp/driver/output_schedule.hpp"

#include <cmath>
#include <filesystem>
#include <iostream>
#include <unordered_map>

#include "build_info.hpp"
#include "decomposition/parallel/sum_batch.hpp"

#include "miniapp/driver/restart.hpp"
#include "miniapp/nodal/rigid_walls.hpp"
#include "miniapp/outputs/energies.hpp"
#include "miniapp/outputs/vtk_snapshot.hpp"

namespace mc {

OutputSchedule::OutputSchedule(const RunSettings& rs, Communicator& comm, State& s)
    : glstat_clock_(rs.glstat_dt, rs.end_time, s.carry.next_output[0]),
      matsum_clock_(rs.matsum_dt, rs.end_time, s.carry.next_output[1]),
      rwforc_clock_(rs.rwforc_dt, rs.end_time, s.carry.next_output[2]),
      d3plot_clock_(rs.d3plot_dt, rs.end_time, s.carry.next_output[3]),
      rcforc_clock_(rs.rcforc_dt, rs.end_time, s.carry.next_output[4]),
      nodout_clock_(rs.nodout_dt, rs.end_time, s.carry.next_output[5]) {
  if (!rs.write_files) return;
  int continued = 0;  // resumed in the set's own output directory
  if (s.cycle > 0 && comm.root()) continued = continue_outputs_of_set(rs.resume_from, rs.output_dir, std::cerr);
  if (s.cycle > 0) comm.bcast(&continued, sizeof continued, 0);
  if (!continued) s.carry.d3plot_times.clear();  // the series starts here
  if (comm.root()) {
    const std::string version = std::string("minicrash ") + build::kVersion;
    std::vector<std::pair<GlobalId, std::string>> legend;
    for (const PartInfo& p : s.part_info) legend.emplace_back(p.id, p.title);
    glstat_ = GlstatWriter(rs.output_dir, rs.title, version, continued);
    matsum_ = MatsumWriter(rs.output_dir, rs.title, version, legend, continued);
    rwforc_ = RwforcWriter(rs.output_dir, rs.title, version, continued);
    if (s.contact.active()) rcforc_ = RcforcWriter(rs.output_dir, rs.title, version, continued);
    if (!rs.history_nodes.empty())
      nodout_ = NodoutWriter(rs.output_dir, rs.title, version, rs.history_nodes, continued);
    for (const HistoryFile* f : histories()) keep(*f, false);
  }
  if (!rs.history_nodes.empty()) {  // each nodout node's values come from the rank that owns it
    std::unordered_map<GlobalId, int> owned;
    for (int n = 0; n < s.nodes.count(); ++n)
      if (s.nodes.owned[n]) owned.emplace(s.nodes.ids[n], n);
    for (GlobalId id : rs.history_nodes) {
      const auto it = owned.find(id);
      history_nodes_.push_back(it == owned.end() ? -1 : it->second);
    }
  }
  if (rs.d3plot_dt > 0 && rs.plot_vtk) {  // DT 0: no plot states, as LS-DYNA
    d3plot_ = VtkSeriesWriter(rs.output_dir, "d3plot", comm.rank(), comm.size());
    d3plot_.resume(s.carry.d3plot_times);
  }
  if (rs.d3plot_dt > 0 && rs.plot_d3plot) {
    const auto states = static_cast<std::int64_t>(s.carry.d3plot_times.size());
    binary_plot_ = D3plotOutput(s, rs.output_dir, rs.title, rs.d3plot_family_bytes, states, comm);
    if (comm.root() && states > 0 && !binary_plot_.resumed())
      std::cerr << "minicrash: warning: " << rs.output_dir
                << "/d3plot does not hold the restart set's plot states; it starts again from the set's time\n";
  }
}

namespace {

// The walls' forces (set_wall_outputs) as rwforc and the d3plot give them.
std::vector<WallRecord> wall_records(const State& s) {
  std::vector<WallRecord> walls;
  for (std::size_t w = 0; w < s.walls.size(); ++w) {
    const WallState& ws = s.walls[w];
    WallRecord r;
    r.id = static_cast<int>(w + 1);
    r.force = ws.force;
    // A cylinder's or sphere's normals point every way out of it (ws.normal
    // is its axis): its normal force is the resultant's size.
    const bool round = ws.shape.kind == WallShape::Kind::Cylinder || ws.shape.kind == WallShape::Kind::Sphere;
    r.normal_force = round ? std::sqrt(ws.force[0] * ws.force[0] + ws.force[1] * ws.force[1] + ws.force[2] * ws.force[2])
                           : ws.force[0] * ws.normal[0] + ws.force[1] * ws.normal[1] + ws.force[2] * ws.normal[2];
    // A prescribed wall has moved along its direction, a wall of mass along its normal.
    const std::array<double, 3>& along = ws.prescribed ? ws.direction : ws.normal;
    for (int k = 0; k < 3; ++k) r.position[k] = ws.point[k] + ws.position * along[k];
    r.stonewall = stonewall_energy(ws);
    walls.push_back(r);
  }
  return walls;
}

}  // namespace

std::vector<double> OutputSchedule::history_node_terms(const State& s) const {
  const NodeData& nd = s.nodes;
  const double dt_avg = 0.5 * (s.dt_prev + s.dt_next);
  std::vector<double> terms(NodoutWriter::kValues * history_nodes_.size(), 0.0);
  for (std::size_t h = 0; h < history_nodes_.size(); ++h) {
    const int n = history_nodes_[h];
    if (n < 0) continue;
    double* t = terms.data() + NodoutWriter::kValues * h;
    for (int k = 0; k < 3; ++k) {
      t[k] = double(nd.x(n, k)) - double(nd.x0(n, k));
      t[3 + k] = nd.v(n, k);
      t[6 + k] = dt_avg > 0 ? (double(nd.v(n, k)) - double(nd.v_before(n, k))) / dt_avg : 0.0;
      t[9 + k] = nd.x(n, k);
    }
  }
  return terms;
}

const std::string& OutputSchedule::failure() const {
  for (const HistoryFile* f : histories())
    if (!f->failure().empty()) return f->failure();
  return binary_plot_.failure();
}

void OutputSchedule::keep(const std::array<const HistoryFile*, 2>& files, bool closing_only) {
  for (const HistoryFile* f : files) keep(*f, closing_only);
}

void OutputSchedule::keep(const HistoryFile& file, bool closing_only) {
  if (!file.active() || closing_only) return;
  const std::string name = std::filesystem::path(file.path()).filename().string();
  const auto bytes = static_cast<std::int64_t>(file.bytes());
  for (auto& [kept_name, kept_bytes] : kept_)
    if (kept_name == name) {
      kept_bytes = bytes;
      return;
    }
  kept_.emplace_back(name, bytes);
}

DueOutputs OutputSchedule::due(const State& s, bool first, bool last) {
  DueOutputs d;
  OutputClock* clocks[] = {&glstat_clock_, &matsum_clock_, &rwforc_clock_, &d3plot_clock_, &rcforc_clock_,
                           &nodout_clock_};
  bool* flags[] = {&d.glstat, &d.matsum, &d.rwforc, &d.d3plot, &d.rcforc, &d.nodout};
  for (unsigned o = 0; o < 6; ++o) {
    const bool regular = clocks[o]->due(s.time, s.cycle) || first;
    *flags[o] = regular || last;
    if (!regular && last) d.closing |= 1u << o;
  }
  d.rwforc = d.rwforc && !s.walls.empty();
  d.d3plot = d.d3plot && (d3plot_.active() || binary_plot_.active());
  d.rcforc = d.rcforc && s.contact.active();
  d.nodout = d.nodout && !history_nodes_.empty();
  return d;
}

EnergyRecord OutputSchedule::write(State& s, const ContactPhase& contact, Communicator& comm, const DueOutputs& due) {
  EnergyRecord energy;
  // Every model-wide sum of the outputs in one allreduce.
  SumBatch batch;
  const std::size_t wall_sums = batch.add(wall_output_terms(s));
  const std::size_t motion_sum = batch.add({s.motion_work_local});
  const bool contact_due = contact.active() && (due.energies() || due.rcforc);
  const std::size_t contact_sums = contact_due ? batch.add(contact.output_terms(s.carry.contact_dissipated_work)) : 0;
  const std::size_t part_sums = due.energies() ? batch.add(part_energy_terms(s, comm.rank() == 0)) : 0;
  const std::size_t nodout_sums = due.nodout ? batch.add(history_node_terms(s)) : 0;
  batch.reduce(comm);
  set_wall_outputs(s, batch.sums(wall_sums));
  s.external_work = *batch.sums(motion_sum);
  std::vector<ContactRecord> contacts;
  if (contact_due) contacts = contact.output_records(batch.sums(contact_sums));
  if (due.rcforc) {
    rcforc_.write(s.time, contacts);
    keep(rcforc_.files(), due.closing_only(Output::Rcforc));
  }
  const std::vector<WallRecord> walls = wall_records(s);
  std::vector<PartRecord> parts;
  if (due.energies()) {
    parts = part_records(s, batch.sums(part_sums));
    double contact_energy = 0;
    for (const ContactRecord& c : contacts) contact_energy += c.energy;
    std::vector<PartRecord> everything = parts;
    everything.push_back(off_element_record(s, batch.sums(part_sums)));
    energy = global_energies(s, everything, contact_energy, s.carry.initial_total);
    if (due.glstat) {
      glstat_.write(energy, walls);
      keep(glstat_.files(), due.closing_only(Output::Glstat));
    }
    if (due.matsum) {
      matsum_.write(s.time, parts);
      keep(matsum_.files(), due.closing_only(Output::Matsum));
    }
  }
  if (due.rwforc) {
    rwforc_.write(s.time, walls);
    keep(rwforc_.files(), due.closing_only(Output::Rwforc));
  }
  if (due.nodout) {
    nodout_.write(s.time, s.cycle, batch.sums(nodout_sums));
    keep(nodout_.file(), due.closing_only(Output::Nodout));
  }
  if (due.d3plot) {
    binary_plot_.write(s, energy, parts, walls, 0.5 * (s.dt_prev + s.dt_next), comm);
    if (d3plot_.active()) {
      d3plot_.write_piece(make_snapshot(s, comm.rank()));
      if (comm.size() > 1) comm.barrier();  // the .pvd names a step only once all its pieces exist
      d3plot_.end_step(s.time);
    }
    // A closing step is not the series' to keep: a resumed run writes its next step in its place.
    if (!due.closing_only(Output::D3plot)) s.carry.d3plot_times.push_back(s.time);
  }
  return energy;
}

}  // namespace mc
