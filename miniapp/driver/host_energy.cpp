#include "miniapp/driver/host_energy.hpp"

#include <cmath>
#include <functional>
#include <set>
#include <string>

#ifdef MINICRASH_SMPI
#include <simgrid/host.h>
#include <simgrid/plugins/energy.h>

#include <xbt/config.hpp>
#endif

namespace mc {

double host_energy_now() {
#ifdef MINICRASH_SMPI
  // Asking a host for its energy without the plugin is a fatal error in SimGrid.
  if (simgrid::config::get_value<std::string>("plugin").find("host_energy") == std::string::npos) return -1;
  return sg_host_get_consumed_energy(sg_host_self());
#else
  return -1;
#endif
}

double job_energy_between(double before, double after, Communicator& comm) {
  // The plugin is on for every rank or for none (one simulation), so every
  // rank takes the same branch.
  if (before < 0 || after < 0) return -1;
  std::string host = "this host";
#ifdef MINICRASH_SMPI
  host = sg_host_self_get_name();
#endif
  // Microjoules travel as integers; the ranks of one host read its meter at
  // nearly the same simulated time, so the first of them speaks for it.
  const auto keys = comm.gather(static_cast<std::int64_t>(std::hash<std::string>{}(host)), 0);
  const auto micro = comm.gather(static_cast<std::int64_t>(std::llround((after - before) * 1e6)), 0);
  std::set<std::int64_t> seen;
  double joules = 0;
  for (std::size_t r = 0; r < keys.size(); ++r)
    if (seen.insert(keys[r]).second) joules += double(micro[r]) * 1e-6;
  return joules;
}

}  // namespace mc
