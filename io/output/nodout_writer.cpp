#include "io/output/nodout_writer.hpp"

#include <cstdio>
#include <utility>

#include "io/output/lsdyna_layout.hpp"

namespace mc {

NodoutWriter::NodoutWriter(const std::string& dir, const std::string& title, const std::string& version,
                           std::vector<std::int64_t> nodes, bool append)
    : nodes_(std::move(nodes)), file_(dir + "/nodout", lsdyna::header(title, version) + lsdyna::legend({}), append) {}

void NodoutWriter::write(double time, std::int64_t cycle, const double* values) {
  if (!file_.active()) return;
  std::string block;
  char line[256];
  std::snprintf(line, sizeof line,
                "\n\n\n n o d a l   p r i n t   o u t   f o r   t i m e  s t e p%8lld"
                "                              ( at time%14.7E )\n",
                static_cast<long long>(cycle), time);
  block += line;
  block +=
      "\n nodal point  x-disp     y-disp      z-disp      x-vel       y-vel       z-vel      x-accl      y-accl"
      "      z-accl      x-coor      y-coor      z-coor\n";
  for (std::size_t n = 0; n < nodes_.size(); ++n) {
    const double* v = values + kValues * n;
    int at = std::snprintf(line, sizeof line, "%9lld%13.4E", static_cast<long long>(nodes_[n]), v[0]);
    for (int k = 1; k < kValues; ++k) at += std::snprintf(line + at, sizeof line - at, "%12.4E", v[k]);
    block += line;
    block += '\n';
  }
  file_.append(block);
}

}  // namespace mc
