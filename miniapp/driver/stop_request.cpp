#include "miniapp/driver/stop_request.hpp"

#include <csignal>
#include <cstdio>
#include <fstream>

namespace mc {
namespace {

// The one piece of global state: a signal handler can only reach a flag.
volatile std::sig_atomic_t g_stop_signal = 0;

extern "C" void on_stop_signal(int signal) { g_stop_signal = signal; }

}  // namespace

void install_stop_signals() {
  std::signal(SIGTERM, on_stop_signal);
  std::signal(SIGUSR1, on_stop_signal);
}

ExternalRequest poll_external_requests(const std::string& stop_file, std::int64_t cycle, std::int64_t interval,
                                       bool checkpoint_due_on_root, bool output_failed_on_root, Communicator& comm) {
  ExternalRequest r;
  if (interval <= 0 || cycle % interval != 0) return r;
  // Bits: 1 stop, 2 status, 4 checkpoint, 8 output failed; the signal number above them.
  std::int64_t code = 0;
  if (comm.root()) {
    if (!stop_file.empty()) {
      std::ifstream in(stop_file);
      std::string word;
      if (in && (in >> word)) {
        if (word == "stop") code |= 1;
        else if (word == "status") code |= 2;
        else std::fprintf(stderr, "minicrash: warning: %s says '%s'; expected 'stop' or 'status'\n", stop_file.c_str(), word.c_str());
      }
      if (in.is_open()) std::remove(stop_file.c_str());
    }
    if (checkpoint_due_on_root) code |= 4;
    if (output_failed_on_root) code |= 1 | 8;
    if (g_stop_signal != 0) code |= 1 | (static_cast<std::int64_t>(g_stop_signal) << 8);
  }
  comm.bcast(&code, sizeof code, 0);
  r.stop = code & 1;
  r.status = code & 2;
  r.checkpoint = code & 4;
  r.output_failed = code & 8;
  r.signal = static_cast<int>(code >> 8);
  return r;
}

}  // namespace mc
