#include "miniapp/nodal/weld_failure.hpp"

#include <cmath>

namespace mc {

double weld_failure_measure(const WeldFailure& failure, double fn, double fs) {
  double measure = 0;
  if (failure.normal > 0) measure += std::pow(std::fmax(fn, 0.0) / failure.normal, failure.normal_exponent);
  if (failure.shear > 0) measure += std::pow(std::fabs(fs) / failure.shear, failure.shear_exponent);
  return measure;
}

std::array<double, 2> weld_force_parts(const Vec3& force, const Vec3& x, const Vec3& center) {
  Vec3 e = minus(center, x);
  const double distance = length(e);
  // A node at the centre has no normal (the reader refuses such force-failing welds).
  if (!(distance > 0)) return {0.0, length(force)};
  for (double& c : e) c /= distance;
  const double fn = dot(force, e);
  return {fn, length(Vec3{force[0] - fn * e[0], force[1] - fn * e[1], force[2] - fn * e[2]})};
}

void vote_weld_failure(const State& s, RigidBody& body, const std::vector<Vec3>& v_free,
                       double dt_avg) {
  if (!body.failure.by_force() || !(dt_avg > 0)) return;
  const auto& nd = s.nodes;
  for (std::size_t k = 0; k < body.nodes.size(); ++k) {
    const int n = body.nodes[k];
    if (!nd.owned[n]) continue;  // a shared node is judged once, by its owner
    const double m = nd.mass(n);
    Vec3 force, x;
    for (int d = 0; d < 3; ++d) {
      force[d] = m * (nd.v(n, d) - v_free[k][d]) / dt_avg;
      x[d] = nd.x(n, d);
    }
    const auto [fn, fs] = weld_force_parts(force, x, body.center);
    if (weld_failure_measure(body.failure, fn, fs) >= 1.0) body.failure_votes += 1;
  }
}

void fail_welds_at_time(State& s) {
  for (RigidBody& body : s.rigid_bodies)
    if (body.weld && body.holds() && s.time >= body.failure.time) body.failed_at = s.time;
}

}  // namespace mc
