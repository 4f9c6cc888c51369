// minicrash-place: an Open MPI rankfile and a SimGrid hostfile that keep the
// heaviest-talking ranks of a recorded run on the same node (and socket).
//
//   minicrash-place --report run/minicrash_report.json --nodes 8 --sockets 2 --cores 4
//                   --rankfile ranks.txt --hostfile hosts.txt --summary placement.json
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <stdexcept>
#include <string>

#include "tools/placement/rank_placement.hpp"
#include "tools/placement/traffic_report.hpp"

namespace {

using mc::placement::Machine;
using mc::placement::Slot;
using mc::placement::Traffic;

const char* kUsage =
    "usage: minicrash-place --report REPORT.json --nodes N [--sockets S] [--cores C]\n"
    "                       [--host-prefix P] [--rankfile FILE] [--hostfile FILE] [--summary FILE]\n\n"
    "  --report FILE      a minicrash run report; its traffic_bytes matrix is placed\n"
    "  --nodes N          nodes of the machine\n"
    "  --sockets S        sockets per node (default 1)\n"
    "  --cores C          cores per socket (default: ranks / (nodes x sockets), rounded up)\n"
    "  --host-prefix P    node names P0, P1, ... (default node-, as the SimGrid platforms)\n"
    "  --rankfile FILE    Open MPI rankfile: rank R=HOST slot=SOCKET:CORE (mpirun --rankfile FILE)\n"
    "  --hostfile FILE    SimGrid hostfile: the host of rank R on line R (smpirun -hostfile FILE)\n"
    "  --summary FILE     JSON: bytes across nodes and sockets, block vs METIS, and each rank's slot\n";

int positive(const std::string& flag, const char* text) {
  char* end = nullptr;
  const long v = std::strtol(text, &end, 10);
  if (*end != '\0' || v < 1) throw std::invalid_argument(flag + " needs a positive integer");
  return static_cast<int>(v);
}

void write_text(const std::string& path, const std::string& text) {
  std::ofstream out(path);
  if (!(out << text)) throw std::runtime_error("cannot write '" + path + "'");
}

std::string slots_json(const std::vector<Slot>& slots) {
  std::string s = "[";
  for (std::size_t r = 0; r < slots.size(); ++r)
    s += (r ? ", [" : "[") + std::to_string(slots[r].node) + ", " + std::to_string(slots[r].socket) + ", " +
         std::to_string(slots[r].core) + "]";
  return s + "]";
}

}  // namespace

int main(int argc, char** argv) {
  std::string report, prefix = "node-", rankfile, hostfile, summary;
  Machine m;
  int cores = 0;
  try {
    for (int a = 1; a < argc; ++a) {
      const std::string arg = argv[a];
      if (arg == "-h" || arg == "--help") { std::cout << kUsage; return 0; }
      if (a + 1 >= argc) throw std::invalid_argument("cannot read '" + arg + "' (see --help)");
      const char* value = argv[++a];
      if (arg == "--report") report = value;
      else if (arg == "--nodes") m.nodes = positive(arg, value);
      else if (arg == "--sockets") m.sockets = positive(arg, value);
      else if (arg == "--cores") cores = positive(arg, value);
      else if (arg == "--host-prefix") prefix = value;
      else if (arg == "--rankfile") rankfile = value;
      else if (arg == "--hostfile") hostfile = value;
      else if (arg == "--summary") summary = value;
      else throw std::invalid_argument("cannot read '" + arg + "' (see --help)");
    }
    if (report.empty()) throw std::invalid_argument("--report is required (see --help)");
    const Traffic traffic = mc::placement::read_traffic(report);
    const int ranks = static_cast<int>(traffic.size());
    m.cores = cores ? cores : (ranks + m.nodes * m.sockets - 1) / (m.nodes * m.sockets);
    const std::vector<Slot> block = mc::placement::block_placement(ranks, m);
    const std::vector<Slot> placed = mc::placement::traffic_placement(traffic, m);

    std::string ranks_text, hosts_text;
    for (int r = 0; r < ranks; ++r) {
      const std::string host = prefix + std::to_string(placed[r].node);
      ranks_text += "rank " + std::to_string(r) + "=" + host + " slot=" + std::to_string(placed[r].socket) + ":" +
                    std::to_string(placed[r].core) + "\n";
      hosts_text += host + "\n";
    }
    if (!rankfile.empty()) write_text(rankfile, ranks_text);
    if (!hostfile.empty()) write_text(hostfile, hosts_text);

    double total = 0;
    for (const auto& row : traffic)
      for (double b : row) total += b;
    const double node_before = mc::placement::inter_node_bytes(traffic, block);
    const double node_after = mc::placement::inter_node_bytes(traffic, placed);
    const double socket_before = mc::placement::inter_socket_bytes(traffic, block);
    const double socket_after = mc::placement::inter_socket_bytes(traffic, placed);
    std::printf("minicrash-place: %d ranks on %d nodes x %d sockets x %d cores, %.6g bytes in all\n", ranks, m.nodes,
                m.sockets, m.cores, total);
    std::printf("  placement     inter-node bytes  share   inter-socket bytes\n");
    std::printf("  block (before) %16.6g  %5.1f%%  %16.6g\n", node_before, total > 0 ? 100 * node_before / total : 0.0,
                socket_before);
    std::printf("  metis (after)  %16.6g  %5.1f%%  %16.6g\n", node_after, total > 0 ? 100 * node_after / total : 0.0,
                socket_after);
    if (!summary.empty()) {
      char buf[512];
      std::snprintf(buf, sizeof buf,
                    "{\"ranks\": %d, \"nodes\": %d, \"sockets\": %d, \"cores\": %d, \"total_bytes\": %.17g,\n"
                    " \"block\": {\"inter_node_bytes\": %.17g, \"inter_socket_bytes\": %.17g},\n"
                    " \"metis\": {\"inter_node_bytes\": %.17g, \"inter_socket_bytes\": %.17g},\n",
                    ranks, m.nodes, m.sockets, m.cores, total, node_before, socket_before, node_after, socket_after);
      write_text(summary, buf + std::string(" \"slots\": ") + slots_json(placed) + "}\n");
    }
  } catch (const std::exception& e) {
    std::cerr << "minicrash-place: error: " << e.what() << "\n";
    return 2;
  }
  return 0;
}
