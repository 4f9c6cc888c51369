#include "miniapp/driver/modeled_compute.hpp"

#include "miniapp/outputs/element_work.hpp"

namespace mc {

ModeledCompute::ModeledCompute(const ComputeCosts& costs, std::int64_t contact_nodes, Communicator& comm)
    : costs_(costs), contact_nodes_(contact_nodes) {
  comm.set_message_costs(costs.message, costs.byte);
}

void ModeledCompute::charge(Phase phase, double nanoseconds, Communicator& comm) {
  const double seconds = 1e-9 * nanoseconds;
  modeled_.add(phase, seconds);
  comm.charge_compute(seconds);
}

void ModeledCompute::elements(const State& s, Communicator& comm) {
  const ElementWork w = element_work(s);
  const ComputeCosts& c = costs_;
  charge(Phase::Elements,
         c.shell * w.quads + c.triangle * w.triangles + c.point * w.points + c.plastic * w.yielding +
             c.rigid * (w.rigid + w.eroded) + c.scalar * w.scalar + c.element_cycle,
         comm);
}

void ModeledCompute::contact(std::int64_t pairs_checked_so_far, Communicator& comm) {
  const double pairs = double(pairs_checked_so_far - pairs_before_);
  pairs_before_ = pairs_checked_so_far;
  charge(Phase::Contact,
         costs_.contact_pair * pairs + costs_.contact_node * double(contact_nodes_) + costs_.contact_cycle, comm);
}

void ModeledCompute::nodes(const State& s, Communicator& comm) {
  charge(Phase::Nodes, costs_.node * double(s.nodes.count()) + costs_.node_cycle, comm);
}

void ModeledCompute::walls(const State& s, Communicator& comm) {
  if (s.walls.empty()) return;  // the phase does nothing
  double nodes = 0;
  for (const WallState& wall : s.walls) nodes += double(wall.nodes.size());
  charge(Phase::RigidWalls, costs_.wall_node * nodes + costs_.wall_cycle, comm);
}

void ModeledCompute::bodies(const State& s, Communicator& comm) {
  if (s.rigid_bodies.empty()) return;
  double nodes = 0;
  for (const RigidBody& body : s.rigid_bodies) nodes += double(body.nodes.size());
  charge(Phase::RigidBodies, costs_.body_node * nodes + costs_.body_cycle, comm);
}

}  // namespace mc
