// minicrash: MPI and Kokkos up, options, deck, decomposition, state, run, report.
#include <cstdio>
#include <filesystem>
#include <iostream>

#include "build_info.hpp"
#include "decomposition/parallel/communicator.hpp"
#include "decomposition/subdomain/local_mesh.hpp"
#include "decomposition/partition/partition.hpp"
#include "decomposition/subdomain/subdomain.hpp"
#include "io/deck/input_error.hpp"
#include "miniapp/state/distributed_state.hpp"
#include "miniapp/driver/host_energy.hpp"
#include "contact/initial_penetration.hpp"
#include "miniapp/driver/kokkos_session.hpp"
#include "miniapp/driver/model_source.hpp"
#include "miniapp/driver/options.hpp"
#include "miniapp/driver/redecomposition.hpp"
#include "miniapp/driver/restart.hpp"
#include "miniapp/driver/stop_request.hpp"
#include "miniapp/driver/run_summary.hpp"
#include "miniapp/driver/thread_placement.hpp"
#include "miniapp/driver/simulation.hpp"
#include "miniapp/state/state_builder.hpp"

namespace {

// Runs `work` on rank 0; every rank learns whether it threw an InputError,
// so a bad deck stops all ranks together with the message printed once.
template <class Work>
bool on_root_agreed(mc::Communicator& comm, Work&& work) {
  std::string error;
  if (comm.root()) {
    try {
      work();
    } catch (const mc::InputError& e) {
      error = e.what();
    }
  }
  comm.bcast_string(error, 0);
  if (!error.empty() && comm.root()) std::cerr << "minicrash: error: " << error << "\n";
  return error.empty();
}

void print_banner(const mc::Options& o, const mc::Communicator& comm) {
  std::printf("minicrash %s (git %s, %s), Kokkos %d backend %s, %s precision\n", mc::build::kVersion,
              mc::build::kGitHash, mc::build::kBuildType, KOKKOS_VERSION, mc::backend_name().c_str(),
              mc::precision_name().c_str());
  std::printf("  %d MPI rank(s) x %d thread(s), deck %s, partitioner %s, halo %s\n", comm.size(), o.threads,
              o.input.c_str(), o.partition.c_str(), o.halo.c_str());
  if (o.jobs > 1) std::printf("  job %d of %d concurrent jobs, output in %s\n", comm.job(), o.jobs, o.output_dir.c_str());
  std::fflush(stdout);
}

// Every rank learns whether any rank refused the restart set. Rank 0 says
// why; if rank 0 accepted it, each refusing rank does.
bool restart_agreed(const std::string& why, mc::Communicator& comm) {
  std::int64_t root_refused = comm.root() && !why.empty();
  comm.bcast(&root_refused, sizeof root_refused, 0);
  if (!why.empty() && (comm.root() || !root_refused))
    std::cerr << "minicrash: error: rank " << comm.rank() << ": " << why << "\n";
  return comm.allreduce_max(static_cast<std::int64_t>(!why.empty())) == 0;
}

// Rank 0: the deck (or generated model), its initial penetrations removed;
// counts = nodes, shells, parts.
void load_model(mc::Options& o, mc::Model& model, std::int64_t counts[3]) {
  std::error_code error;
  std::filesystem::create_directories(o.output_dir, error);
  if (error) throw mc::InputError("cannot create output directory '" + o.output_dir + "': " + error.message());
  if (o.input.empty()) o.input = mc::restart_deck(o.restart);  // r= alone: the deck the set came from
  // Warnings straight to stderr: they must be seen even when a later error ends the read.
  model = mc::load_model(o.input, std::cerr, mc::DeckReadOptions{o.allow_unsupported});
  const mc::PenetrationFix fix = mc::remove_initial_penetrations(model);
  if (fix.moved > 0 && !o.quiet)
    std::printf("  initial penetrations: %lld contact node(s) moved out to the contact distance, the largest by "
                "%.4g (node %lld, contact %lld)\n", static_cast<long long>(fix.moved), fix.largest,
                static_cast<long long>(fix.node), static_cast<long long>(fix.contact));
  if (fix.tied_moved > 0 && !o.quiet)
    std::printf("  tied contacts: %lld slave node(s) moved onto the master surface, the largest move %.4g\n",
                static_cast<long long>(fix.tied_moved), fix.tied_largest);
  if (fix.on_surface > 0)
    std::fprintf(stderr, "minicrash: warning: %lld contact node(s) lie on a segment's mid-surface: no direction "
                         "to move them out, left as they are\n", static_cast<long long>(fix.on_surface));
  if (!model.ignored_keywords.empty()) {
    std::printf("  WARNING: running without %zu unsupported keyword(s) (--allow-unsupported):\n",
                model.ignored_keywords.size());
    for (const mc::IgnoredKeyword& k : model.ignored_keywords)
      std::printf("    %s x%lld (first at %s:%d)\n", k.keyword.c_str(), static_cast<long long>(k.count),
                  k.first.file.c_str(), k.first.line);
  }
  counts[0] = static_cast<std::int64_t>(model.nodes.size());
  counts[1] = static_cast<std::int64_t>(model.shells.size());
  counts[2] = static_cast<std::int64_t>(model.parts.size());
}

// Rank 0: element -> rank; with `resume_set` also weighted by the set's
// measured work (rebalance=1, a redecomposition). Returns the elements so
// weighted, -1 without.
std::int64_t partition_model(const mc::Model& model, const mc::Options& o, const mc::WorkWeights& weights,
                             const std::string& resume_set, int ranks, std::vector<int>& part) {
  const mc::PartitionMethod method = mc::parse_partition_method(o.partition);
  mc::MeasuredWork measured;
  std::int64_t rebalanced = -1;
  if (!resume_set.empty()) {
    measured = mc::restart_measured_work(resume_set);
    rebalanced = static_cast<std::int64_t>(measured.yielding.size());
    if (!o.quiet)
      std::printf("  rebalance: %lld elements yielded and %zu elements checked contact pairs in the restart set's last cycle\n",
                  static_cast<long long>(rebalanced), measured.contact_pairs.size());
  }
  const mc::PartitionInput input = mc::partition_input(model, weights, resume_set.empty() ? nullptr : &measured);
  const double p0 = mc::wall_seconds();
  part = mc::partition_elements(input, ranks, method);
  if (!o.quiet) {
    std::printf("  partitioned %lld shells into %d parts in %.3f s\n", static_cast<long long>(model.shells.size()),
                ranks, mc::wall_seconds() - p0);
    mc::print_partition_summary(mc::summarize_partition(input, part, ranks), method, std::cout);
  }
  return rebalanced;
}

// Every rank: its subdomain and state for one segment of the run, the model
// partitioned by rank 0 (by `measured_set`'s work when not empty). False
// when rank 0 found the input bad (it said why).
bool build_segment(const mc::Model& model, const mc::Options& o, const mc::WorkWeights& weights,
                   const std::string& measured_set, std::int64_t counts[4], mc::Communicator& comm,
                   mc::RankState& local, mc::Subdomain& subdomain) {
  std::vector<int> part;
  if (comm.size() > 1 && !on_root_agreed(comm, [&] {
        counts[3] = partition_model(model, o, weights, measured_set, comm.size(), part);
      }))
    return false;
  comm.bcast(counts, 4 * sizeof(std::int64_t), 0);
  local = mc::RankState{};  // the last segment's state goes before its subdomain
  subdomain = mc::Subdomain{};
  if (comm.size() == 1) {
    local.state = mc::build_state(model, mc::whole_model_mesh(model));
  } else {
    subdomain = mc::scatter_subdomains(comm.root() ? &model : nullptr, comm.root() ? &part : nullptr, comm);
    local = mc::build_rank_state(subdomain, comm, mc::parse_halo_mode(o.halo));
  }
  return true;
}

// The time loop to the segment's end; `termination` and `code` say how it ended.
mc::RunResult run_segment(mc::RankState& local, const mc::RunSettings& settings, mc::Communicator& comm,
                          std::string& termination, int& code) {
  try {
    mc::RunResult result = mc::run_simulation(local.state, settings, comm, &local.halo);
    termination = result.termination;
    if (result.stop_signal != 0) code = mc::kExitSignal;
    if (result.output_failed) code = mc::kExitOutput;
    return result;
  } catch (const mc::FaultedRun& fault) {
    if (comm.root()) std::cerr << "minicrash: error: " << fault.what() << "\n";
    termination = std::string("error termination: ") + fault.what();
    code = mc::kExitNumerical;
    return fault.result;
  }
}

int run(mc::Options o, mc::Communicator& comm) {
  const double t0 = mc::wall_seconds();
  mc::Model model;
  std::int64_t counts[4] = {0, 0, 0, -1};  // nodes, shells, parts of the whole model; elements rebalanced
  const mc::WorkWeights weights = o.weights.empty() ? mc::WorkWeights{} : mc::parse_work_weights(o.weights);
  if (!on_root_agreed(comm, [&] { load_model(o, model, counts); })) return mc::kExitInput;

  // One segment, or more when the run partitions anew (redecomposition.hpp):
  // each continues from the restart set the one before wrote.
  std::string resume = o.restart;
  bool rebalance = o.rebalance;
  mc::RunIdentity id;
  mc::RedecompositionSchedule schedule;
  mc::RankState local;
  mc::Subdomain subdomain;  // outlives the loop with the last segment's state
  mc::RunResult result;
  std::string termination;
  int code = mc::kExitOk;
  double energy_before = 0, redecomposed_at = 0;
  for (int segment = 0;; ++segment) {
    if (!build_segment(model, o, weights, rebalance ? resume : std::string(), counts, comm, local, subdomain) ||
        (!resume.empty() && !restart_agreed(mc::read_restart_set(local.state, resume, comm), comm)))
      return mc::kExitInput;
    // After the restart set is read (it writes the arrays in place), before the loop streams them.
    const mc::PageBacking pages = mc::back_state_with_huge_pages(local.state, o.huge_pages);
    const mc::Model& controls = comm.size() == 1 ? model : subdomain.model;
    mc::RunSettings settings = mc::run_settings(controls, o);
    settings.resume_from = resume;
    if (segment == 0) {
      if (comm.size() > 1) schedule = mc::RedecompositionSchedule(controls.controls, o, settings.end_time);
      if (comm.root() && schedule.count_dropped())
        std::fprintf(stderr, "minicrash: warning: redecomposition FREQ < 0 spreads its count over the run, but the "
                             "run has no end time after STIME (cycles= alone): none is done\n");
      if (comm.root() && !o.quiet && schedule.on())
        std::printf("  redecomposition %s (partition %s, by the measured work of the cycle before)\n",
                    schedule.describe().c_str(), o.partition.c_str());
      id = {o.input,      controls.title, o.threads, o.halo,      o.clock,
            counts[0],    counts[1],      counts[2], mc::wall_seconds() - t0,
            o.partition,  mc::work_weights_text(weights), counts[3], model.ignored_keywords};
      // Start-up ends when every rank has its subdomain: the barrier takes the
      // wait for the last one, so the time loop's MPI profile does not.
      comm.barrier();
      comm.close_startup();  // the report's MPI profile is the time loop's
      energy_before = mc::host_energy_now();
    } else {
      id.redecompositions = segment;
      id.rebalanced = counts[3];
      id.redecomposition_seconds += mc::wall_seconds() - redecomposed_at;
      if (comm.root() && !o.quiet)
        std::printf("  redecomposition %d at t = %.6e, cycle %lld: partitioned anew and resumed in %.3f s\n", segment,
                    local.state.time, static_cast<long long>(local.state.cycle), mc::wall_seconds() - redecomposed_at);
    }
    id.huge_pages = o.huge_pages;
    id.pages = pages;  // the last segment's state is the report's
    settings.pause_time = schedule.next_after(local.state.time);
    const mc::RunResult part_result = run_segment(local, settings, comm, termination, code);
    if (segment == 0) result = part_result;
    else mc::add_segment(result, part_result);
    if (!part_result.paused || code != mc::kExitOk) break;
    redecomposed_at = mc::wall_seconds();
    resume = mc::restart_set_dir(o.output_dir, local.state.cycle);  // the set just written
    rebalance = true;
  }
  const double energy_after = mc::host_energy_now();
  mc::RunReport report = mc::make_report(id, result, local.state, termination, comm);
  report.loop_energy_joules = mc::job_energy_between(energy_before, energy_after, comm);
  if (comm.root()) {
    if (!o.quiet) mc::print_report(report, std::cout);
    mc::write_report_json(report, o.output_dir + "/" + o.report);
    std::printf(" %s: %lld cycles, t = %.6e, elapsed %.3f s\n", termination.c_str(),
                static_cast<long long>(report.cycles), report.sim_time, report.elapsed);
  }
  return code;
}

}  // namespace

int main(int argc, char** argv) {
  mc::MpiSession mpi(&argc, &argv);
  mc::Options options;
  {
    mc::Communicator world;
    try {
      options = mc::parse_options(std::vector<std::string>(argv + 1, argv + argc));
      if (world.size() % options.jobs != 0)
        throw mc::InputError("command line: jobs=" + std::to_string(options.jobs) + ": " +
                             std::to_string(world.size()) + " ranks do not split into equal jobs");
    } catch (const mc::InputError& e) {
      if (world.root()) std::cerr << "minicrash: error: " << e.what() << "\n";
      return mc::kExitInput;
    }
    if (options.help || options.version) {
      if (world.root())
        std::cout << (options.help ? mc::usage_text()
                                   : std::string("minicrash ") + mc::build::kVersion + " (git " + mc::build::kGitHash + ")\n");
      return mc::kExitOk;
    }
  }
  mc::Communicator comm(options.jobs);
  if (options.jobs > 1) options.output_dir += "/job" + std::to_string(comm.job());
  comm.set_profile_wait(options.profile_wait);
  comm.set_timer_clock(mc::parse_timer_clock(options.clock));
  mc::install_stop_signals();
  mc::KokkosSession kokkos(options.threads);
  if (comm.root() && !options.quiet) print_banner(options, comm);
  // Rank 0's node and binding stand for the launch's (every rank is started alike).
  const mc::ThreadPlacement placement = mc::this_rank_placement(options.threads, comm);
  if (comm.root())
    for (const std::string& warning : mc::thread_placement_warnings(placement))
      std::cerr << "minicrash: warning: " << warning << "\n";
  try {
    return run(options, comm);
  } catch (const mc::InputError& e) {
    // Errors found after reading (e.g. an unwritable output directory) on any rank.
    std::cerr << "minicrash: error: " << e.what() << "\n";
    comm.abort(mc::kExitInput);
  } catch (const std::exception& e) {
    std::cerr << "minicrash: internal error: " << e.what() << "\n";
    comm.abort(mc::kExitInternal);
  }
}
