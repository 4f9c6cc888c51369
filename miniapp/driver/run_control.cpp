#include "miniapp/driver/run_control.hpp"

#include <cstdio>

#include "miniapp/driver/restart.hpp"

namespace mc {

RunControl::RunControl(const RunSettings& rs, double start, const State& s)
    : rs_(rs), start_(start), last_checkpoint_(start), next_progress_(rs.progress_seconds), start_fraction_(fraction(s)) {}

double RunControl::fraction(const State& s) const {
  return rs_.end_cycle > 0 && rs_.end_time <= 0 ? double(s.cycle) / rs_.end_cycle : s.time / rs_.end_time;
}

ExternalRequest RunControl::poll(const State& s, bool output_failed, Communicator& comm) {
  const bool checkpoint_due = rs_.restart_seconds > 0 && wall_seconds() - last_checkpoint_ >= rs_.restart_seconds;
  const ExternalRequest request =
      poll_external_requests(rs_.stop_file, s.cycle, rs_.stop_check_cycles, checkpoint_due, output_failed, comm);
  if (request.status && comm.root()) print_progress(s);
  return request;
}

void RunControl::checkpoint(const State& s, const ExternalRequest& request, bool last, bool pause,
                            const OutputLengths& outputs, Communicator& comm) {
  const bool periodic = rs_.restart_every > 0 && s.cycle % rs_.restart_every == 0;
  if (!rs_.write_files || !(periodic || request.checkpoint || request.stop || (last && rs_.restart_end) || pause))
    return;
  write_restart_set(s, rs_.output_dir, rs_.deck, outputs, comm);
  last_checkpoint_ = wall_seconds();
}

void RunControl::progress(const State& s, const Communicator& comm) {
  if (!comm.root() || rs_.quiet || rs_.progress_seconds <= 0 || wall_seconds() - start_ < next_progress_) return;
  print_progress(s);
  next_progress_ += rs_.progress_seconds;
}

void RunControl::print_progress(const State& s) const {
  const double elapsed = wall_seconds() - start_;
  const double frac = fraction(s);
  const double done = frac - start_fraction_;  // by this run: a restart's ETA counts its own pace
  const double eta = done > 0 ? elapsed * (1 - frac) / done : 0;
  std::printf("  cycle %10lld  t %12.5e  dt %10.3e  %5.1f%%  elapsed %8.1f s  eta %8.1f s\n",
              static_cast<long long>(s.cycle), s.time, s.dt_next, 100 * frac, elapsed, eta);
  std::fflush(stdout);
}

}  // namespace mc
