#include "miniapp/driver/run_settings.hpp"

namespace mc {

RunSettings run_settings(const Model& model, const Options& o) {
  RunSettings rs;
  rs.title = model.title;
  rs.end_time = o.end_time > 0 ? o.end_time : model.controls.end_time;
  rs.end_cycle = o.cycles >= 0 ? o.cycles : model.controls.end_cycle;
  if (o.cycles >= 0) rs.end_time = o.end_time > 0 ? o.end_time : 0;  // a cycle count alone bounds the run
  rs.tssfac = model.controls.tssfac;
  rs.dt_min_factor = model.controls.dt_min;
  rs.glstat_dt = model.controls.glstat_dt;
  rs.matsum_dt = model.controls.matsum_dt;
  rs.rwforc_dt = model.controls.rwforc_dt;
  rs.rcforc_dt = model.controls.rcforc_dt;
  rs.d3plot_dt = model.controls.d3plot_dt;
  rs.nodout_dt = model.controls.nodout_dt;
  rs.history_nodes = model.controls.history_nodes;
  rs.output_dir = o.output_dir;
  rs.stop_file = o.output_dir + "/minicrash.stop";
  rs.restart_every = o.restart_every;
  rs.restart_seconds = o.restart_seconds;
  rs.restart_end = o.restart_end;
  rs.plot_vtk = o.plot == "vtk" || o.plot == "both";
  rs.plot_d3plot = o.plot == "d3plot" || o.plot == "both";
  rs.d3plot_family_bytes = o.d3plot_mb << 20;
  rs.resume_from = o.restart;
  rs.max_energy_ratio = o.max_energy_ratio;
  if (!o.compute_costs.empty()) rs.compute_costs = parse_compute_costs(o.compute_costs);
  rs.deck = o.input;
  rs.progress_seconds = o.progress_seconds;
  rs.quiet = o.quiet;
  return rs;
}

}  // namespace mc
