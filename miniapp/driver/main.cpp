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
#include "miniapp/driver/restart.hpp"
#include "miniapp/driver/stop_request.hpp"
#include "miniapp/driver/run_summary.hpp"
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

int run(mc::Options o, mc::Communicator& comm) {
  const double t0 = mc::wall_seconds();
  mc::Model model;
  std::vector<int> part;
  std::int64_t counts[4] = {0, 0, 0, -1};  // nodes, shells, parts of the whole model; elements rebalanced
  const mc::WorkWeights weights = o.weights.empty() ? mc::WorkWeights{} : mc::parse_work_weights(o.weights);
  const bool ok = on_root_agreed(comm, [&] {
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
    if (comm.size() > 1) {
      const mc::PartitionMethod method = mc::parse_partition_method(o.partition);
      mc::MeasuredWork measured;
      if (o.rebalance) {
        measured = mc::restart_measured_work(o.restart);
        counts[3] = static_cast<std::int64_t>(measured.yielding.size());
        if (!o.quiet)
          std::printf("  rebalance: %lld elements yielded and %zu elements checked contact pairs in the restart set's last cycle\n",
                      static_cast<long long>(counts[3]), measured.contact_pairs.size());
      }
      const mc::PartitionInput input = mc::partition_input(model, weights, o.rebalance ? &measured : nullptr);
      const double p0 = mc::wall_seconds();
      part = mc::partition_elements(input, comm.size(), method);
      if (!o.quiet) {
        std::printf("  partitioned %lld shells into %d parts in %.3f s\n", static_cast<long long>(counts[1]),
                    comm.size(), mc::wall_seconds() - p0);
        mc::print_partition_summary(mc::summarize_partition(input, part, comm.size()), method, std::cout);
      }
    }
  });
  if (!ok) return mc::kExitInput;
  comm.bcast(counts, sizeof counts, 0);

  mc::RankState local;
  mc::Subdomain subdomain;
  if (comm.size() == 1) {
    local.state = mc::build_state(model, mc::whole_model_mesh(model));
  } else {
    subdomain = mc::scatter_subdomains(comm.root() ? &model : nullptr, comm.root() ? &part : nullptr, comm);
    local = mc::build_rank_state(subdomain, comm, mc::parse_halo_mode(o.halo));
  }
  if (!o.restart.empty() && !restart_agreed(mc::read_restart_set(local.state, o.restart, comm), comm))
    return mc::kExitInput;
  const mc::Model& controls = comm.size() == 1 ? model : subdomain.model;
  const mc::RunSettings settings = mc::run_settings(controls, o);
  const mc::RunIdentity id{o.input, controls.title,   o.threads,
                           o.halo,  o.clock, counts[0],        counts[1], counts[2], mc::wall_seconds() - t0,
                           o.partition, mc::work_weights_text(weights), counts[3], model.ignored_keywords};
  // Start-up ends when every rank has its subdomain: the barrier takes the
  // wait for the last one, so the time loop's MPI profile does not.
  comm.barrier();
  comm.close_startup();  // the report's MPI profile is the time loop's
  const double energy_before = mc::host_energy_now();
  std::string termination;
  int code = mc::kExitOk;
  mc::RunResult result;
  try {
    result = mc::run_simulation(local.state, settings, comm, &local.halo);
    termination = result.termination;
    if (result.stop_signal != 0) code = mc::kExitSignal;
    if (result.output_failed) code = mc::kExitOutput;
  } catch (const mc::FaultedRun& fault) {
    if (comm.root()) std::cerr << "minicrash: error: " << fault.what() << "\n";
    result = fault.result;
    termination = std::string("error termination: ") + fault.what();
    code = mc::kExitNumerical;
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
