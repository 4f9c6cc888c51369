#include "miniapp/driver/redecomposition.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

namespace mc {

RedecompositionSchedule::RedecompositionSchedule(const Controls& deck, const Options& o, double end_time)
    : freq_(std::isnan(o.redecompose) ? deck.redecompose_freq : o.redecompose),
      start_(o.redecompose_start >= 0 ? o.redecompose_start : deck.redecompose_start),
      end_time_(end_time) {
  if (freq_ < 0 && !(end_time_ > start_)) {  // a count needs a span to spread it over
    freq_ = 0;
    count_dropped_ = true;
  }
}

double RedecompositionSchedule::next_after(double time) const {
  double t = 0;
  if (freq_ > 0) {
    const double first = start_ > 0 ? start_ : freq_;
    const double k = time < first ? 0.0 : std::floor((time - first) / freq_) + 1;
    t = first + k * freq_;
    if (t <= time) t += freq_;  // rounding at a boundary
  } else if (freq_ < 0) {
    const long long n = std::llround(-freq_);
    for (long long k = 1; k <= n && t <= time; ++k) t = start_ + double(k) * (end_time_ - start_) / double(n + 1);
    if (t <= time) t = 0;
  }
  return end_time_ > 0 && t >= end_time_ ? 0.0 : t;
}

std::string RedecompositionSchedule::describe() const {
  std::ostringstream out;
  if (freq_ > 0) out << "every " << freq_ << " from t = " << (start_ > 0 ? start_ : freq_);
  else if (freq_ < 0) out << std::llround(-freq_) << " times evenly between t = " << start_ << " and " << end_time_;
  else out << "never";
  return out.str();
}

void add_segment(RunResult& run, const RunResult& segment) {
  const RunResult before = run;
  run = segment;
  run.cycles += before.cycles;
  run.elapsed += before.elapsed;
  for (int p = 0; p < static_cast<int>(Phase::Count); ++p) {
    run.timers.add(static_cast<Phase>(p), before.timers.seconds(static_cast<Phase>(p)));
    run.timers.add_mpi(static_cast<Phase>(p), before.timers.mpi_seconds(static_cast<Phase>(p)));
    run.modeled.add(static_cast<Phase>(p), before.modeled.seconds(static_cast<Phase>(p)));
  }
  if (before.contact_pairs > 0) run.contact_pairs = std::max<std::int64_t>(run.contact_pairs, 0) + before.contact_pairs;
}

}  // namespace mc
