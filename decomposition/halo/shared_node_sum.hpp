// How the holders of a shared node agree on its sum: the seam for the halo
// modes. `corners` (corner_terms_sum.hpp) sends every term and adds them in
// the model-wide order, so answers do not depend on the number of ranks;
// a partial-sums mode would send one sum per node and neighbour instead.
#pragma once

#include <vector>

#include "decomposition/parallel/communicator.hpp"
#include "decomposition/parallel/views.hpp"

namespace mc {

// One nodal quantity assembled from corner terms: component k of term t is
// corners[terms.term(t) + k], k < width. `nodal`, if built
// with a nodal term, is each holder's own term after its corners
// (components past its extent count as 0).
struct CornerField {
  const Real* corners = nullptr;
  int width = 0;
  Vec3View nodal;
};

class SharedNodeSum {
 public:
  virtual ~SharedNodeSum() = default;
  virtual const char* mode() const = 0;
  // Collective over the neighbours: sums[s * width + k] = component k of
  // the complete sum at shared node s (Halo::shared_nodes() order).
  virtual void sum(const CornerField& field, std::vector<Real>& sums, Communicator& comm) = 0;
};

}  // namespace mc
