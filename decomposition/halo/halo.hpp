// Shared-node sums between neighbouring subdomains ("many ranks, one
// answer"). A node's force is the sum of its elements' corner forces; on
// one rank they are added in element order. A shared node's corners live on
// several ranks, so each rank sends its corner contributions (one packed
// message per neighbour each way, Isend/Irecv) and every holder adds all of
// them in global element order: the same additions as on one rank, so the
// result is bitwise independent of the number of ranks. Which corners meet
// at each shared node is exchanged once, at construction.
#pragma once

#include <cstdint>
#include <vector>

#include "decomposition/parallel/communicator.hpp"
#include "decomposition/subdomain/local_mesh.hpp"
#include "decomposition/subdomain/subdomain.hpp"
#include "decomposition/parallel/views.hpp"

namespace mc {

class Halo {
 public:
  Halo() = default;  // one rank: nothing shared
  // Collective over this rank's neighbours. With contact_terms, each holder's
  // contact share at a shared node is one more term, after the corners, in
  // rank order.
  Halo(const SubdomainPlan& plan, const LocalMesh& mesh, int rank, Communicator& comm, bool contact_terms = false);

  bool active() const { return !neighbours_.empty(); }
  // Local nodes whose lowest-ranked holder is this rank: they count in sums
  // over the whole model (energies, momenta, rigid-body and wall totals).
  const std::vector<std::uint8_t>& owned() const { return owned_; }

  // f, m of shared nodes = minus the sum of all corner forces, in element
  // order, plus the holders' contact shares `fc` (when built with contact terms).
  void sum_shared_forces(const CornerForceView& force, const Vec3View& fc, const Vec3View& f, const Vec3View& m,
                         Communicator& comm);
  // mass, inertia of shared nodes = the sum of all elements' shares, in element order.
  void sum_shared_masses(const std::vector<Real>& mass_share, const std::vector<Real>& inertia_share,
                         const RealView& mass, const RealView& inertia, Communicator& comm);

 private:
  // value(e, c, k): component k of local element e's corner c; set(node, k, sum).
  template <class Value, class Set>
  void sum_corners(int width, Value value, Set set, Communicator& comm);

  int element_count_ = 0;  // corner (e, c) with e >= this: the contact term of node e - count
  std::vector<int> neighbours_;
  // Per neighbour: this rank's corners at the nodes shared with it, in the
  // agreed node order, each node's corners in element order.
  std::vector<std::vector<std::pair<int, int>>> send_corners_;
  std::vector<int> recv_count_;               // per neighbour: corners it sends
  std::vector<int> shared_node_;              // local node of each shared entry
  // Per shared entry, its terms in global element order: (neighbour index,
  // position in its message) or (-1, local corner as 4 e + c).
  std::vector<int> term_offset_;
  std::vector<std::pair<int, int>> terms_;
  std::vector<std::uint8_t> owned_;
  std::vector<std::vector<Real>> send_buffer_, recv_buffer_;
};

}  // namespace mc
