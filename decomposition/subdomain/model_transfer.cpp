#include "decomposition/subdomain/model_transfer.hpp"

#include <cstring>
#include <stdexcept>
#include <type_traits>

namespace mc {
namespace {

class Packer {
 public:
  template <class T>
  void put(const T& v) {
    static_assert(std::is_trivially_copyable_v<T>);
    const auto* p = reinterpret_cast<const char*>(&v);
    bytes_.insert(bytes_.end(), p, p + sizeof(T));
  }
  void put(const std::string& s) {
    put(static_cast<std::uint64_t>(s.size()));
    bytes_.insert(bytes_.end(), s.begin(), s.end());
  }
  template <class T>
  void put(const std::vector<T>& v) {
    put(static_cast<std::uint64_t>(v.size()));
    if constexpr (std::is_trivially_copyable_v<T>) {
      const auto* p = reinterpret_cast<const char*>(v.data());
      bytes_.insert(bytes_.end(), p, p + v.size() * sizeof(T));
    } else {
      for (const T& x : v) put(x);
    }
  }
  std::vector<char> take() { return std::move(bytes_); }

 private:
  std::vector<char> bytes_;
};

class Unpacker {
 public:
  explicit Unpacker(const std::vector<char>& b) : bytes_(b) {}
  template <class T>
  void get(T& v) {
    static_assert(std::is_trivially_copyable_v<T>);
    take(&v, sizeof(T));
  }
  void get(std::string& s) {
    std::uint64_t n = 0;
    get(n);
    s.resize(n);
    take(s.data(), n);
  }
  template <class T>
  void get(std::vector<T>& v) {
    std::uint64_t n = 0;
    get(n);
    v.resize(n);
    if constexpr (std::is_trivially_copyable_v<T>) {
      take(v.data(), n * sizeof(T));
    } else {
      for (T& x : v) get(x);
    }
  }
  bool done() const { return at_ == bytes_.size(); }

 private:
  void take(void* dst, std::size_t n) {
    if (at_ + n > bytes_.size()) throw std::runtime_error("truncated subdomain message");
    if (n == 0) return;  // dst may be an empty vector's null data(): memcpy(nullptr, ..., 0) is UB
    std::memcpy(dst, bytes_.data() + at_, n);
    at_ += n;
  }
  const std::vector<char>& bytes_;
  std::size_t at_ = 0;
};

// The fields of a contact, for both directions (each is a plain value,
// string or vector the Packer/Unpacker handle directly).
template <class F, class C>
void contact_fields(F&& f, C& c) {
  f(c.id); f(c.title); f(c.kind); f(c.slave_parts); f(c.master_parts); f(c.slave_all); f(c.master_all); f(c.slave_nodes);
  f(c.slave_shells); f(c.master_shells);
  f(c.static_friction); f(c.dynamic_friction); f(c.decay); f(c.viscous_friction); f(c.damping); f(c.birth); f(c.death); f(c.slave_scale);
  f(c.master_scale); f(c.slave_thickness); f(c.master_thickness); f(c.slave_thickness_scale); f(c.master_thickness_scale); f(c.bucket_sort_interval); f(c.soft_scale); f(c.soft_step); f(c.tie_on_contact);
  f(c.tie_at_start); f(c.tied_only); f(c.tie_moves_nodes); f(c.tie_tolerance); f(c.tie_option); f(c.tie_normal_failure);
  f(c.tie_shear_failure);
}

template <class F, class P>
void prescribed_motion_fields(F&& f, P& x) {
  f(x.nodes); f(x.rigid_part); f(x.component); f(x.rotation); f(x.exclusive); f(x.direction); f(x.axis);
  f(x.radius_free); f(x.offset); f(x.kind); f(x.curve); f(x.scale); f(x.birth); f(x.death);
}

// One field list per record, used both ways so packing and unpacking can
// never disagree.
template <class IO, class M>
void fields(IO& io, M& m) {
  io(m.title);
  io(m.nodes);
  io(m.shells);
  io(m.parts);
  io(m.materials);
  io(m.sections);
  io(m.hourglass);
  io(m.curves);
  io(m.tables);
  io(m.spcs);
  io(m.point_masses);
  io(m.initial_velocities);
  io(m.prescribed_motions);
  io(m.rigid_walls);
  io(m.nodal_rigid_bodies);
  io(m.extra_nodes);
  io(m.part_inertias);
  io(m.rigid_body_velocities);
  io(m.rigid_merges);
  io(m.contacts);
  io(m.controls);
}

struct PackOp {
  Packer& p;
  template <class T>
  void operator()(const T& v) { write(v); }
  void write(const std::string& s) { p.put(s); }
  void write(const Node& n) { p.put(n.id); p.put(n.x); }
  void write(const Shell& s) { p.put(s.id); p.put(s.part); p.put(s.nodes); p.put(s.thickness); }
  void write(const Part& x) {
    p.put(x.id); p.put(x.title); p.put(x.section); p.put(x.material); p.put(x.hourglass); p.put(x.thickness_update);
  }
  void write(const Material& x) {
    p.put(x.id); p.put(x.kind); p.put(x.density); p.put(x.youngs); p.put(x.poisson); p.put(x.yield);
    p.put(x.tangent); p.put(x.fail_strain); p.put(x.hardening_curve); p.put(x.rate_c); p.put(x.rate_p);
    p.put(x.rigid_fixed); p.put(x.beta); p.put(x.hardening_table); p.put(x.log_rate_interpolation);
    p.put(x.rate_curve);
  }
  void write(const Section& x) {
    p.put(x.id); p.put(x.elform); p.put(x.shear_factor); p.put(x.nip); p.put(x.thickness);
    p.put(x.rule); p.put(x.rule_zeta); p.put(x.rule_weight);
  }
  void write(const HourglassControl& x) { p.put(x.ihq); p.put(x.qh); p.put(x.qb); p.put(x.qw); }
  void write(const Curve& x) { p.put(x.id); p.put(x.x); p.put(x.y); }
  void write(const Table& x) { p.put(x.id); p.put(x.values); p.put(x.curves); }
  void write(const Spc& x) { p.put(x.node); p.put(x.fixed); }
  void write(const PointMass& x) { p.put(x.id); p.put(x.node); p.put(x.mass); p.put(x.rotary); }
  void write(const InitialVelocity& x) {
    p.put(x.nodes); p.put(x.all_nodes); p.put(x.v); p.put(x.omega); p.put(x.spin_about_center); p.put(x.center);
  }
  void write(const RigidWall& x) {
    p.put(x.nodes); p.put(x.all_nodes); p.put(x.tail); p.put(x.head); p.put(x.friction); p.put(x.moving);
    p.put(x.mass); p.put(x.speed);
    p.put(x.shape.kind); p.put(x.shape.edge); p.put(x.shape.length_l); p.put(x.shape.length_m);
    p.put(x.shape.length_p); p.put(x.shape.radius); p.put(x.shape.length);
    p.put(x.motion.curve); p.put(x.motion.displacement); p.put(x.motion.direction);
  }
  void write(const NodalRigidBody& x) {
    p.put(x.id); p.put(x.nodes); p.put(x.weld); p.put(x.failure); p.put(x.given); write(x.inertia);
    p.put(x.energy_part); p.put(x.center_node);
  }
  void write(const ExtraNodes& x) { p.put(x.part); p.put(x.nodes); }
  void write(const RigidInertia& x) {
    p.put(x.mass); p.put(x.center); p.put(x.inertia); p.put(x.velocity); p.put(x.spin);
  }
  void write(const RigidMerge& x) { p.put(x.lead); p.put(x.constrained); }
  void write(const RigidBodyVelocity& x) { p.put(x.body); p.put(x.nodal); p.put(x.v); p.put(x.omega); }
  void write(const Controls& c) {
    p.put(c.end_time); p.put(c.end_cycle); p.put(c.dt_min); p.put(c.tssfac); p.put(c.dt2ms); p.put(c.dt_init);
    write(c.hourglass); p.put(c.integration); p.put(c.glstat_dt); p.put(c.matsum_dt); p.put(c.rwforc_dt);
    p.put(c.d3plot_dt); p.put(c.rcforc_dt); p.put(c.contact_penalty); p.put(c.nodout_dt); p.put(c.history_nodes);
    p.put(c.redecompose_freq); p.put(c.redecompose_start);
  }
  void write(const ContactInterface& c) {
    contact_fields([this](const auto& v) { p.put(v); }, c);
  }
  void write(const PrescribedMotion& x) {
    prescribed_motion_fields([this](const auto& v) { p.put(v); }, x);
  }
  template <class T>
  void write(const std::vector<T>& v) {
    p.put(static_cast<std::uint64_t>(v.size()));
    for (const T& x : v) write(x);
  }
  template <class K, class V>
  void write(const std::map<K, V>& m) {
    p.put(static_cast<std::uint64_t>(m.size()));
    for (const auto& [k, v] : m) { p.put(k); write(v); }
  }
};

struct UnpackOp {
  Unpacker& u;
  template <class T>
  void operator()(T& v) { read(v); }
  void read(std::string& s) { u.get(s); }
  void read(Node& n) { u.get(n.id); u.get(n.x); }
  void read(Shell& s) { u.get(s.id); u.get(s.part); u.get(s.nodes); u.get(s.thickness); }
  void read(Part& x) {
    u.get(x.id); u.get(x.title); u.get(x.section); u.get(x.material); u.get(x.hourglass); u.get(x.thickness_update);
  }
  void read(Material& x) {
    u.get(x.id); u.get(x.kind); u.get(x.density); u.get(x.youngs); u.get(x.poisson); u.get(x.yield);
    u.get(x.tangent); u.get(x.fail_strain); u.get(x.hardening_curve); u.get(x.rate_c); u.get(x.rate_p);
    u.get(x.rigid_fixed); u.get(x.beta); u.get(x.hardening_table); u.get(x.log_rate_interpolation);
    u.get(x.rate_curve);
  }
  void read(Section& x) {
    u.get(x.id); u.get(x.elform); u.get(x.shear_factor); u.get(x.nip); u.get(x.thickness);
    u.get(x.rule); u.get(x.rule_zeta); u.get(x.rule_weight);
  }
  void read(HourglassControl& x) { u.get(x.ihq); u.get(x.qh); u.get(x.qb); u.get(x.qw); }
  void read(Curve& x) { u.get(x.id); u.get(x.x); u.get(x.y); }
  void read(Table& x) { u.get(x.id); u.get(x.values); u.get(x.curves); }
  void read(Spc& x) { u.get(x.node); u.get(x.fixed); }
  void read(PointMass& x) { u.get(x.id); u.get(x.node); u.get(x.mass); u.get(x.rotary); }
  void read(InitialVelocity& x) {
    u.get(x.nodes); u.get(x.all_nodes); u.get(x.v); u.get(x.omega); u.get(x.spin_about_center); u.get(x.center);
  }
  void read(RigidWall& x) {
    u.get(x.nodes); u.get(x.all_nodes); u.get(x.tail); u.get(x.head); u.get(x.friction); u.get(x.moving);
    u.get(x.mass); u.get(x.speed);
    u.get(x.shape.kind); u.get(x.shape.edge); u.get(x.shape.length_l); u.get(x.shape.length_m);
    u.get(x.shape.length_p); u.get(x.shape.radius); u.get(x.shape.length);
    u.get(x.motion.curve); u.get(x.motion.displacement); u.get(x.motion.direction);
  }
  void read(NodalRigidBody& x) {
    u.get(x.id); u.get(x.nodes); u.get(x.weld); u.get(x.failure); u.get(x.given); read(x.inertia);
    u.get(x.energy_part); u.get(x.center_node);
  }
  void read(ExtraNodes& x) { u.get(x.part); u.get(x.nodes); }
  void read(RigidInertia& x) {
    u.get(x.mass); u.get(x.center); u.get(x.inertia); u.get(x.velocity); u.get(x.spin);
  }
  void read(RigidMerge& x) { u.get(x.lead); u.get(x.constrained); }
  void read(RigidBodyVelocity& x) { u.get(x.body); u.get(x.nodal); u.get(x.v); u.get(x.omega); }
  void read(Controls& c) {
    u.get(c.end_time); u.get(c.end_cycle); u.get(c.dt_min); u.get(c.tssfac); u.get(c.dt2ms); u.get(c.dt_init);
    read(c.hourglass); u.get(c.integration); u.get(c.glstat_dt); u.get(c.matsum_dt); u.get(c.rwforc_dt);
    u.get(c.d3plot_dt); u.get(c.rcforc_dt); u.get(c.contact_penalty); u.get(c.nodout_dt); u.get(c.history_nodes);
    u.get(c.redecompose_freq); u.get(c.redecompose_start);
  }
  void read(ContactInterface& c) {
    contact_fields([this](auto& v) { u.get(v); }, c);
  }
  void read(PrescribedMotion& x) {
    prescribed_motion_fields([this](auto& v) { u.get(v); }, x);
  }
  template <class T>
  void read(std::vector<T>& v) {
    std::uint64_t n = 0;
    u.get(n);
    v.resize(n);
    for (T& x : v) read(x);
  }
  template <class K, class V>
  void read(std::map<K, V>& m) {
    std::uint64_t n = 0;
    u.get(n);
    for (std::uint64_t i = 0; i < n; ++i) {
      K k{};
      u.get(k);
      read(m[k]);
    }
  }
};

}  // namespace

std::vector<char> pack_model(const Model& model) {
  Packer p;
  PackOp op{p};
  fields(op, model);
  return p.take();
}

Model unpack_model(const std::vector<char>& bytes) {
  Model m;
  Unpacker u(bytes);
  UnpackOp op{u};
  fields(op, m);
  if (!u.done()) throw std::runtime_error("subdomain message longer than its model");
  return m;
}

}  // namespace mc
