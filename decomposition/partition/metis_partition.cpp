// METIS k-way on the element dual graph: shells are neighbours when they
// share an edge (ncommon = 2), the coupling that carries most of the halo
// traffic; vertex weights are the element work, optionally with the second
// (contact) constraint.
#include <metis.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "decomposition/partition/partition_methods.hpp"
#include "io/deck/input_error.hpp"

namespace mc::detail {

// Debian's METIS 5.1 is built with 32-bit idx_t and real_t; the count checks
// below use numeric_limits, so a 64-bit build works too, but nothing narrower.
static_assert(std::numeric_limits<idx_t>::is_signed && std::numeric_limits<idx_t>::digits >= 31,
              "minicrash needs a METIS idx_t of at least 32 bits");
static_assert(std::is_floating_point_v<real_t>, "METIS real_t must be a floating type");

namespace {

constexpr idx_t kIdxMax = std::numeric_limits<idx_t>::max();

const char* metis_status(int status) {
  switch (status) {
    case METIS_ERROR_INPUT: return "METIS_ERROR_INPUT";
    case METIS_ERROR_MEMORY: return "METIS_ERROR_MEMORY";
    default: return "METIS_ERROR";
  }
}

void check(int status, const char* call) {
  if (status != METIS_OK) throw std::runtime_error(std::string("partition: ") + call + " failed (" + metis_status(status) + ")");
}

// METIS allocates the dual graph; it must free it too.
struct MetisFree {
  void operator()(idx_t* p) const { METIS_Free(p); }
};
using MetisArray = std::unique_ptr<idx_t[], MetisFree>;

void check_fits(const PartitionInput& in) {
  const auto ne = static_cast<std::int64_t>(in.centroids.size());
  // Four corner entries per element, and headroom for the weight totals.
  if (ne > kIdxMax / 4 || in.num_nodes > kIdxMax)
    throw InputError("partition: " + std::to_string(ne) + " elements and " + std::to_string(in.num_nodes) +
                     " nodes are more than METIS' " + std::to_string(8 * sizeof(idx_t)) +
                     "-bit indices hold; use the rcb partitioner");
}

// Integer vertex weights for constraint c, stored interleaved (METIS'
// layout). Positive work never rounds to 0; the largest weight is about 1000
// and the total stays far below the idx_t range METIS sums into. A constraint
// with no positive work balances element counts instead.
void scale_weights(const std::vector<double>& work, std::size_t ne, int ncon, int c, std::vector<idx_t>& vwgt) {
  double total = 0, largest = 0;
  for (double w : work) {
    total += w;
    largest = std::max(largest, w);
  }
  if (work.empty() || !(total > 0)) {
    for (std::size_t e = 0; e < ne; ++e) vwgt[e * ncon + c] = 1;
    return;
  }
  const double scale = std::min(1000.0 / largest, static_cast<double>(kIdxMax / 8) / total);
  for (std::size_t e = 0; e < ne; ++e)
    vwgt[e * ncon + c] =
        work[e] > 0 ? std::max<idx_t>(1, static_cast<idx_t>(std::lround(work[e] * scale))) : 0;
}

// METIS may leave a part empty on small or awkward graphs. Give each empty
// part one element of the then largest part (its highest-numbered element:
// a deterministic, rarely taken fallback that does not look at the cut).
void fill_empty_parts(std::vector<int>& part, int parts) {
  std::vector<std::int64_t> count(parts, 0);
  for (int p : part) ++count[p];
  for (int empty = 0; empty < parts; ++empty) {
    if (count[empty] > 0) continue;
    const int donor = static_cast<int>(std::max_element(count.begin(), count.end()) - count.begin());
    if (count[donor] < 2) return;  // fewer elements than parts
    for (std::size_t e = part.size(); e-- > 0;)
      if (part[e] == donor) {
        part[e] = empty;
        break;
      }
    --count[donor];
    ++count[empty];
  }
}

}  // namespace

std::vector<int> metis_partition(const PartitionInput& input, int parts, bool multi_constraint) {
  const std::size_t n = input.centroids.size();
  std::vector<int> part(n, 0);
  if (n <= static_cast<std::size_t>(parts)) {  // one element per part, the rest empty
    for (std::size_t e = 0; e < n; ++e) part[e] = static_cast<int>(e);
    return part;
  }
  check_fits(input);

  std::vector<idx_t> eptr(n + 1, 0), eind;
  eind.reserve(4 * n);
  for (std::size_t e = 0; e < n; ++e) {
    const auto& c = input.nodes[e];
    const int corners = c[2] == c[3] ? 3 : 4;  // n3 == n4: triangle
    for (int k = 0; k < corners; ++k) eind.push_back(static_cast<idx_t>(c[k]));
    eptr[e + 1] = static_cast<idx_t>(eind.size());
  }
  idx_t ne = static_cast<idx_t>(n), nn = static_cast<idx_t>(input.num_nodes);
  idx_t ncommon = 2, numflag = 0;  // shells: neighbours share an edge
  idx_t* xadj_raw = nullptr;
  idx_t* adjncy_raw = nullptr;
  check(METIS_MeshToDual(&ne, &nn, eptr.data(), eind.data(), &ncommon, &numflag, &xadj_raw, &adjncy_raw),
        "METIS_MeshToDual");
  const MetisArray xadj(xadj_raw), adjncy(adjncy_raw);
  // The mesh arrays are not needed by the partitioner; free them before it runs.
  std::vector<idx_t>().swap(eind);
  std::vector<idx_t>().swap(eptr);

  idx_t ncon = multi_constraint ? 2 : 1;
  std::vector<idx_t> vwgt(n * ncon);
  scale_weights(input.work, n, ncon, 0, vwgt);
  if (multi_constraint) scale_weights(input.second_work, n, ncon, 1, vwgt);

  idx_t options[METIS_NOPTIONS];
  METIS_SetDefaultOptions(options);
  options[METIS_OPTION_SEED] = 7;  // fixed: the same partition on every run
  options[METIS_OPTION_NUMBERING] = 0;
  idx_t nparts = parts, objval = 0;
  std::vector<idx_t> result(n, 0);
  check(METIS_PartGraphKway(&ne, &ncon, xadj.get(), adjncy.get(), vwgt.data(), nullptr, nullptr, &nparts, nullptr,
                            nullptr, options, &objval, result.data()),
        "METIS_PartGraphKway");
  for (std::size_t e = 0; e < n; ++e) part[e] = static_cast<int>(result[e]);
  fill_empty_parts(part, parts);
  return part;
}

}  // namespace mc::detail
