#include "tools/placement/traffic_report.hpp"

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace mc::placement {

// The report is written by minicrash itself (io/output/run_report.cpp): the matrix
// is a JSON array of rows of integers, so a bracket-and-number scan of the
// text after its key is enough; no JSON library needed.
Traffic read_traffic(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read '" + path + "'");
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();
  const std::size_t key = text.find("\"traffic_bytes\"");
  if (key == std::string::npos) throw std::runtime_error(path + ": no \"traffic_bytes\" matrix");
  Traffic rows;
  int depth = 0;
  for (std::size_t i = text.find('[', key); i < text.size(); ++i) {
    const char c = text[i];
    if (c == '[') {
      if (++depth == 2) rows.emplace_back();
    } else if (c == ']') {
      if (--depth == 0) break;
    } else if (depth == 2 && (c == '-' || (c >= '0' && c <= '9'))) {
      char* end = nullptr;
      rows.back().push_back(std::strtod(text.c_str() + i, &end));
      i = static_cast<std::size_t>(end - text.c_str()) - 1;
    }
  }
  for (const auto& row : rows)
    if (row.size() != rows.size()) throw std::runtime_error(path + ": \"traffic_bytes\" is not a square matrix");
  if (rows.empty()) throw std::runtime_error(path + ": empty \"traffic_bytes\" matrix");
  return rows;
}

}  // namespace mc::placement
