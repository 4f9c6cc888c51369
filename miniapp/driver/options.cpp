#include "miniapp/driver/options.hpp"

#include <cmath>
#include <cstdlib>
#include <limits>
#include <map>
#include <stdexcept>

#include "decomposition/halo/halo.hpp"
#include "decomposition/partition/partition.hpp"
#include "io/deck/input_error.hpp"
#include "miniapp/driver/compute_costs.hpp"
#include "miniapp/driver/model_source.hpp"

namespace mc {
namespace {

double to_double(const std::string& key, const std::string& value) {
  char* end = nullptr;
  const double d = std::strtod(value.c_str(), &end);
  if (value.empty() || *end != '\0' || !std::isfinite(d))
    throw InputError("command line: " + key + " needs a number, got '" + value + "'");
  return d;
}

std::int64_t to_int(const std::string& key, const std::string& value) {
  char* end = nullptr;
  const long long i = std::strtoll(value.c_str(), &end, 10);
  if (value.empty() || *end != '\0') throw InputError("command line: " + key + " needs an integer, got '" + value + "'");
  return i;
}

bool to_flag(const std::string& key, const std::string& value) {
  if (value != "0" && value != "1") throw InputError("command line: " + key + " must be 0 or 1");
  return value == "1";
}

// A value a parser of another layer checks (it throws std::invalid_argument).
template <class Parse>
std::string checked(const std::string& value, Parse parse) {
  try {
    parse(value);
  } catch (const std::invalid_argument& e) {
    throw InputError(std::string("command line: ") + e.what());
  }
  return value;
}

// key=value names and their --long equivalents map to one setter.
void set_option(Options& o, const std::string& key, const std::string& value) {
  if (key == "i" || key == "input") o.input = value;
  else if (key == "gen") o.generator = value;
  else if (key == "scale") {
    o.scale = to_double(key, value);
    if (!(o.scale > 0)) throw InputError("command line: scale must be positive");
  } else if (key == "curve_points" || key == "curve-points") {
    const auto points = to_int(key, value);
    if (points < 2 || points > std::numeric_limits<int>::max())
      throw InputError("command line: " + key + " must be 2 or more (points a curve)");
    o.curve_points = static_cast<int>(points);
  }
  else if (key == "ncpu" || key == "threads") {
    // LS-DYNA's negative ncpu asks for consistent results; minicrash always is.
    o.threads = static_cast<int>(std::llabs(to_int(key, value)));
    if (o.threads < 1) throw InputError("command line: " + key + " must be at least 1");
  } else if (key == "odir" || key == "output-dir") o.output_dir = value;
  else if (key == "jobs") {
    o.jobs = static_cast<int>(to_int(key, value));
    if (o.jobs < 1) throw InputError("command line: jobs must be at least 1");
  }
  else if (key == "endtim") {
    o.end_time = to_double(key, value);
    if (!(o.end_time > 0)) throw InputError("command line: endtim must be positive");
  } else if (key == "cycles") {
    o.cycles = to_int(key, value);
    if (o.cycles < 1) throw InputError("command line: cycles must be at least 1");
  } else if (key == "progress") {
    o.progress_seconds = to_double(key, value);
  } else if (key == "report") o.report = value;
  else if (key == "r" || key == "restart") o.restart = value;
  else if (key == "restart_every" || key == "restart-every") {
    o.restart_every = to_int(key, value);
    if (o.restart_every < 0) throw InputError("command line: " + key + " must be >= 0");
  } else if (key == "restart_seconds" || key == "restart-seconds") {
    o.restart_seconds = to_double(key, value);
    if (o.restart_seconds < 0) throw InputError("command line: " + key + " must be >= 0");
  } else if (key == "restart_end" || key == "restart-end") {
    o.restart_end = to_flag(key, value);
  } else if (key == "plot") {
    if (value != "d3plot" && value != "vtk" && value != "both" && value != "none")
      throw InputError("command line: plot must be d3plot, vtk, both or none, got '" + value + "'");
    o.plot = value;
  } else if (key == "d3plot_mb" || key == "d3plot-mb") {
    o.d3plot_mb = to_int(key, value);
    if (o.d3plot_mb < 1 || o.d3plot_mb > (1 << 20)) throw InputError("command line: " + key + " must be 1 to 1048576 (MiB)");
  } else if (key == "max_energy_ratio" || key == "max-energy-ratio") {
    o.max_energy_ratio = to_double(key, value);
    if (o.max_energy_ratio != 0 && !(o.max_energy_ratio > 1))
      throw InputError("command line: " + key + " must be above 1 (or 0: no check)");
  } else if (key == "halo") {
    o.halo = checked(value, parse_halo_mode);
  } else if (key == "clock") {
    o.clock = checked(value, parse_timer_clock);
  } else if (key == "weights") {
    o.weights = checked(value, parse_work_weights);
  } else if (key == "compute_costs" || key == "compute-costs") {
    o.compute_costs = checked(value, parse_compute_costs);
  } else if (key == "huge_pages" || key == "huge-pages") {
    o.huge_pages = to_flag(key, value);
  } else if (key == "rebalance") {
    o.rebalance = to_flag(key, value);
  } else if (key == "redecompose") {
    o.redecompose = to_double(key, value);
  } else if (key == "redecompose_start" || key == "redecompose-start") {
    o.redecompose_start = to_double(key, value);
    if (o.redecompose_start < 0) throw InputError("command line: " + key + " must be >= 0");
  } else if (key == "partition") {
    parse_partition_method(value);  // rejects unknown names here, before MPI work starts
    o.partition = value;
  }
  else throw InputError("command line: unknown option '" + key + "' (see --help)");
}

}  // namespace

Options parse_options(const std::vector<std::string>& args) {
  Options o;
  for (std::size_t a = 0; a < args.size(); ++a) {
    const std::string& arg = args[a];
    if (arg == "-h" || arg == "--help") { o.help = true; continue; }
    if (arg == "--version") { o.version = true; continue; }
    if (arg == "--quiet") { o.quiet = true; continue; }
    if (arg == "--profile-wait") { o.profile_wait = true; continue; }
    if (arg == "--allow-unsupported") { o.allow_unsupported = true; continue; }
    if (arg.rfind("--", 0) == 0) {
      std::string key = arg.substr(2), value;
      const auto eq = key.find('=');
      if (eq != std::string::npos) {
        value = key.substr(eq + 1);
        key = key.substr(0, eq);
      } else {
        if (a + 1 >= args.size()) throw InputError("command line: " + arg + " needs a value");
        value = args[++a];
      }
      set_option(o, key, value);
      continue;
    }
    const auto eq = arg.find('=');
    if (eq == std::string::npos || eq == 0)
      throw InputError("command line: cannot read '" + arg + "' (expected key=value or --option; see --help)");
    set_option(o, arg.substr(0, eq), arg.substr(eq + 1));
  }
  if (!o.generator.empty()) {
    if (!o.input.empty()) throw InputError("command line: give i= or gen=, not both");
    o.input = generated_model_name(o.generator, o.scale, o.curve_points);
  } else if (o.scale > 0 || o.curve_points > 0) {
    throw InputError(std::string("command line: ") + (o.scale > 0 ? "scale=" : "curve_points=") + " needs gen=");
  }
  if (o.clock == "cpu" && o.threads > 1)
    throw InputError("command line: clock=cpu times the calling thread only; it needs ncpu=1");
#ifdef MINICRASH_SMPI
  if (o.clock == "cpu") throw InputError("command line: clock=cpu is for real runs; under SimGrid the timers read simulated time");
#endif
  if (o.rebalance && o.restart.empty()) throw InputError("command line: rebalance=1 needs r= (it weights a restart's partition)");
  if (!o.help && !o.version && o.input.empty() && o.restart.empty())
    throw InputError("command line: no input deck (use i=deck.k, gen=PRESET or --input deck.k; see --help)");
  return o;
}

std::string usage_text() {
  return R"(minicrash: a miniature explicit finite-element crash code (proxy application)

usage: mpirun -np N minicrash i=deck.k [ncpu=M] [options]
       minicrash --input deck.k [--threads M] [options]
       minicrash gen=neon scale=0.02 [options]

  i=FILE        | --input FILE        keyword deck to run (this or gen=)
  gen=PRESET    | --gen PRESET        build a minicrash-gen preset in memory instead (tube, neon, 3vehicle, car2car)
  scale=S       | --scale S           the preset's scale: element count / the benchmark's (vehicle presets)
  curve_points=P| --curve-points P    with gen=: each MAT_024's hardening as a P-point curve (LCSS), as real decks give it
  ncpu=M        | --threads M         OpenMP threads per MPI rank (default 1)
  odir=DIR      | --output-dir DIR    where glstat, matsum, rwforc, the report go (default .)
  endtim=T      | --endtim T          override the termination time of the deck
  cycles=N      | --cycles N          stop after N cycles (short benchmark runs)
  progress=S    | --progress S        seconds between progress lines (default 10, 0 = off)
  report=FILE   | --report FILE       JSON run report (default minicrash_report.json)
  partition=P   | --partition P       domain decomposition: rcb (default), rcb-contact, metis, metis-mc
  weights=W     | --weights W         element work weights (default shell:1,triangle:4,point:0.25,plastic:0.72,
                                      rigid:1.24,pair:1.4, fitted by tools/study.py calibrate; docs/options.md)
  compute_costs=C | --compute-costs C modeled compute: ns per unit of work, e.g. shell:190,plastic:78,node:40
                                      (tools/study.py calibrate writes them); each phase is charged from them,
                                      under SimGrid instead of its CPU time; the report has both (docs/options.md)
  rebalance=1   | --rebalance 1       with r=: weight each element also by its points that yielded and the
                                      contact pairs it checked in the set's last cycle (re-partitions; with
                                      partition=metis-mc the pairs are the second constraint, with
                                      rcb-contact the shells with pairs are cut apart; default 0
                                      keeps the deck's partition)
  redecompose=F | --redecompose F     partition anew during the run by each element's measured work in the
                                      cycle before (as rebalance=1): every F of time (F > 0) or |F| times
                                      evenly (F < 0); 0 never (default: the deck's
                                      *CONTROL_MPP_DECOMPOSITION_REDECOMPOSITION FREQ, else never)
  redecompose_start=T | --redecompose-start T  the first at time T (default: the deck's STIME, else F)
  halo=H        | --halo H            shared-node sums: corners (default; answers independent of np)
                                      or sums (one partial sum per node and neighbour, as production codes)
  clock=C       | --clock C           what the phase and MPI timers read: wall (default) or cpu, this thread's
                                      CPU time (ncpu=1; for runs with more ranks than cores, e.g. to check
                                      a compute model at np 8 on a 2-core machine)
  huge_pages=0|1 | --huge-pages 0|1   keep the state's arrays in 2 MiB pages (default 1: the element and node
                                      phases stream them; 0 leaves them to the kernel's default pages)
  r=DIR         | --restart DIR       continue from the newest restart set in DIR (an output dir, its restart/ or a set)
  restart_every=N | --restart-every N restart set every N cycles (0 = off; always at stop/SIGTERM)
  restart_seconds=T | --restart-seconds T  restart set every T seconds of wall time (0 = off)
  restart_end=1 | --restart-end 1     also a restart set when the run ends (LS-DYNA's end-of-run d3dump; default 0)
  plot=F        | --plot F            plot state formats at the deck's D3PLOT interval: d3plot (LS-DYNA's binary
                                      d3plot family), vtk (ParaView series), both (default) or none
  d3plot_mb=N   | --d3plot-mb N       bound on each d3plot family file, MiB (default 1024; a state never splits)
  max_energy_ratio=R | --max-energy-ratio R  numerical fault when total energy exceeds R times
                                      the initial total at an output (default 1.5, 0 = off)
  jobs=K        | --jobs K            K concurrent copies of the run in one launch, for throughput studies: the
                                      N ranks split into K jobs of N/K consecutive ranks, job j writes to
                                      DIR/jobj and its traffic competes with the others' (default 1)
  --allow-unsupported                 run a deck whose unsupported keywords change the answer, without them
                                      (default: stop and list them; the summary and the report name them)
  --profile-wait                      barrier before each collective: wait (imbalance) timed apart
  --quiet                             print errors and the final summary only
  --version                           print version and build, then exit
  -h, --help                          this text

exit status: 0 normal termination or stop request, 2 bad input or command line,
             3 numerical fault (inverted element, NaN, dt below DTMIN), 1 internal error,
             4 stopped by SIGTERM/SIGUSR1 (restart set written; continue with r=),
             5 stopped because an output could not be written (disk full; restart set written where it fits)
)";
}

}  // namespace mc
