#include "miniapp/stop_request.hpp"

#include <cstdio>
#include <fstream>

namespace mc {

StopRequest poll_stop_request(const std::string& path, std::int64_t cycle, std::int64_t interval,
                              Communicator& comm) {
  if (path.empty() || interval <= 0 || cycle % interval != 0) return StopRequest::None;
  std::int64_t request = 0;
  if (comm.root()) {
    std::ifstream in(path);
    std::string word;
    if (in && (in >> word)) {
      if (word == "stop") request = static_cast<std::int64_t>(StopRequest::Stop);
      else if (word == "status") request = static_cast<std::int64_t>(StopRequest::Status);
      else std::fprintf(stderr, "minicrash: warning: %s says '%s'; expected 'stop' or 'status'\n", path.c_str(), word.c_str());
    }
    if (in.is_open()) std::remove(path.c_str());
  }
  comm.bcast(&request, sizeof request, 0);
  return static_cast<StopRequest>(request);
}

}  // namespace mc
