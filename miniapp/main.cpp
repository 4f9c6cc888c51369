// minicrash: MPI and Kokkos up, options, deck, state, run, report.
#include <cstdio>
#include <iostream>
#include <sstream>

#include "build_info.hpp"
#include "decomposition/communicator.hpp"
#include "decomposition/local_mesh.hpp"
#include "io/input_error.hpp"
#include "io/keyword_reader.hpp"
#include "miniapp/kokkos_session.hpp"
#include "miniapp/options.hpp"
#include "miniapp/run_summary.hpp"
#include "miniapp/simulation.hpp"
#include "miniapp/state_builder.hpp"

namespace {

// Rank 0 reads the deck; every rank learns whether it worked, so a bad deck
// stops all ranks together with the message printed once.
bool read_model_on_root(const std::string& path, mc::Communicator& comm, mc::Model& model) {
  std::string error;
  if (comm.root()) {
    try {
      std::ostringstream warnings;
      model = mc::read_deck(path, warnings);
      std::cerr << warnings.str();
    } catch (const mc::InputError& e) {
      error = e.what();
    }
  }
  comm.bcast_string(error, 0);
  if (!error.empty()) {
    if (comm.root()) std::cerr << "minicrash: error: " << error << "\n";
    return false;
  }
  return true;
}

void print_banner(const mc::Options& o, const mc::Communicator& comm) {
  std::printf("minicrash %s (git %s, %s), Kokkos %d backend %s, %s precision\n", mc::build::kVersion,
              mc::build::kGitHash, mc::build::kBuildType, KOKKOS_VERSION, mc::backend_name().c_str(),
              mc::precision_name().c_str());
  std::printf("  %d MPI rank(s) x %d thread(s), deck %s\n", comm.size(), o.threads, o.input.c_str());
  std::fflush(stdout);
}

int run(const mc::Options& o, mc::Communicator& comm) {
  const double t0 = mc::wall_seconds();
  mc::Model model;
  if (!read_model_on_root(o.input, comm, model)) return mc::kExitInput;
  if (comm.size() > 1) {
    if (comm.root())
      std::cerr << "minicrash: error: domain decomposition is not built yet; run on one MPI rank\n";
    return mc::kExitInput;
  }
  mc::State state = mc::build_state(model, mc::whole_model_mesh(model));
  mc::RunSettings settings = mc::run_settings(model, o);
  mc::RunIdentity id{o.input, model.title, o.threads, static_cast<std::int64_t>(model.nodes.size()),
                     static_cast<std::int64_t>(model.shells.size()),
                     static_cast<std::int64_t>(model.parts.size()), mc::wall_seconds() - t0};
  std::string termination = "normal termination";
  int code = mc::kExitOk;
  mc::RunResult result;
  try {
    result = mc::run_simulation(state, settings, comm);
  } catch (const mc::NumericalFault& fault) {
    if (comm.root()) std::cerr << "minicrash: error: " << fault.what() << "\n";
    termination = std::string("error termination: ") + fault.what();
    code = mc::kExitNumerical;
  }
  const mc::RunReport report = mc::make_report(id, result, state, termination, comm);
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
  mc::Communicator comm;
  mc::Options options;
  try {
    options = mc::parse_options(std::vector<std::string>(argv + 1, argv + argc));
  } catch (const mc::InputError& e) {
    if (comm.root()) std::cerr << "minicrash: error: " << e.what() << "\n";
    return mc::kExitInput;
  }
  if (options.help || options.version) {
    if (comm.root()) std::cout << (options.help ? mc::usage_text() : std::string("minicrash ") + mc::build::kVersion + " (git " + mc::build::kGitHash + ")\n");
    return mc::kExitOk;
  }
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
