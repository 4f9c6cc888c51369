// Shell kernel throughput: ns per element-cycle of the element phase and of
// the whole cycle, ns per node-cycle of the node phase, on a flat plate
// large enough to leave cache, the bytes of solver state per element and
// each phase's compulsory traffic.
//
//   bench_shell_kernel [--elements N] [--nip K] [--mat 1|24] [--curve 0|P]
//                      [--rate none|cs|lcsr|table|log-table] [--vp 0|1] [--cycles C] [--threads T]
//                      [--huge-pages 1|0]
//
// --curve P gives MAT_024 its hardening as a P-point LCSS curve, as real
// decks do, instead of SIGY and ETAN (mc::give_hardening_curves: the same
// line), so the time shows what the curve's lookup costs. --rate gives
// MAT_024 a strain-rate dependence, to time what each form adds: cs
// Cowper-Symonds (mild steel's C = 40.4 /s, P = 5), lcsr a six-point LCSR
// curve (factors 1.0-1.4 over rates 0-1 /ms), table an LCSS table of three
// rates (0, 0.05 and 0.5 /ms, around the plate's 0.1-0.2 /ms, so that the
// points interpolate between two curves) whose curves are --curve's scaled
// by 1, 1.05 and 1.1 (needs --curve); log-table the same at rates 0.005,
// 0.05 and 0.5 /ms, interpolated in ln(rate) (_LOG_INTERPOLATION). --vp 1
// takes the rate as the plastic strain rate (VP 1: the return solves for
// it); it needs a --rate.
//
// The plate is hit by a transverse velocity field and stretched in its
// plane, which drives MAT_024 into plasticity at most points, the costly
// path of a crash run. Its edges keep their in-plane velocity, so the
// stretch holds everywhere and a plate of any size does the same work a
// shell: from free edges, release waves unloaded a plate 165 shells wide
// within 100 cycles, and the in-cache plate of bench/kernel_roofline.py
// took a third fewer Newton trips a pack than the 200 000-shell one. The
// timed cycles begin after a tenth of the run and not before the first
// cycle in which a point yields. Beside their mean it prints the element
// phase's fastest timed cycle: on a shared VM the mean wanders with the
// neighbours' load by 10-40 % from run to run, the fastest cycle by about
// 1 %, so before/after comparisons of one kernel read it. --huge-pages 1
// (the default, as minicrash's huge_pages=1) backs the state's arrays with
// 2 MiB pages (miniapp/state/huge_pages.hpp); 0 leaves them to the kernel's
// default, 4 KiB pages where it keeps huge pages to madvise().
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <map>
#include <string>
#include <vector>

#include "bench_options.hpp"
#include "decomposition/parallel/communicator.hpp"
#include "decomposition/subdomain/local_mesh.hpp"
#include "inputs/generator/generator.hpp"
#include "miniapp/driver/kokkos_session.hpp"
#include "miniapp/nodal/nodal_update.hpp"
#include "miniapp/elements/element_forces.hpp"
#include "miniapp/elements/shell_bt/shell_internal_force.hpp"
#include "miniapp/state/huge_pages.hpp"
#include "miniapp/state/state_builder.hpp"

namespace {

constexpr double kPlateSpacing = 5.0;  // mm between the plate's nodes

// The strain-rate forms --rate names (the file's head says what each is).
enum class PlateRate { None, CowperSymonds, Lcsr, Table, LogTable };

void give_rate_dependence(mc::Model& m, PlateRate rate, bool viscoplastic) {
  mc::Material& mat = m.materials.at(1);
  mat.viscoplastic = viscoplastic;
  if (rate == PlateRate::CowperSymonds) {
    mat.rate_c = 0.0404;  // 1/ms
    mat.rate_p = 5;
  } else if (rate == PlateRate::Lcsr) {
    mc::Curve c;
    c.id = m.curves.empty() ? 1 : m.curves.rbegin()->first + 1;
    c.x = {0.0, 1e-4, 1e-3, 1e-2, 1e-1, 1.0};
    c.y = {1.0, 1.02, 1.05, 1.1, 1.2, 1.4};
    m.curves[c.id] = c;
    mat.rate_curve = c.id;
  } else if (rate == PlateRate::Table || rate == PlateRate::LogTable) {
    const mc::Curve base = m.curves.at(mat.hardening_curve);
    mc::Table table;
    table.id = 1;
    for (int k = 0; k < 3; ++k) {
      mc::Curve c = base;
      c.id = m.curves.rbegin()->first + 1;
      for (double& y : c.y) y *= 1.0 + 0.05 * k;
      m.curves[c.id] = c;
      table.values.push_back(k == 0 && rate == PlateRate::Table ? 0.0 : 0.005 * std::pow(10.0, k));
      table.curves.push_back(c.id);
    }
    m.tables[table.id] = table;
    mat.hardening_table = table.id;
    mat.hardening_curve = 0;
    mat.log_rate_interpolation = rate == PlateRate::LogTable;
  }
}

mc::Model bench_plate(int nx, int ny, int nip, bool plastic, int curve_points, PlateRate rate, bool viscoplastic) {
  mc::Model m;
  const double h = kPlateSpacing;
  for (int j = 0; j <= ny; ++j)
    for (int i = 0; i <= nx; ++i) m.nodes.push_back({1 + i + j * (nx + 1), {h * i, h * j, 0.0}});
  for (int j = 0; j < ny; ++j)
    for (int i = 0; i < nx; ++i) {
      mc::Shell s;
      s.id = 1 + i + j * nx;
      s.part = 1;
      const mc::GlobalId n1 = 1 + i + j * (nx + 1);
      s.nodes = {n1, n1 + 1, n1 + 1 + nx + 1, n1 + nx + 1};
      m.shells.push_back(s);
    }
  mc::Material mat = mc::mild_steel(1, 0.2, 0.5);
  if (!plastic) mat.kind = mc::MaterialKind::Elastic;
  m.materials[1] = mat;
  mc::Section sec;
  sec.id = 1;
  sec.nip = nip;
  sec.thickness = 1.5;
  m.sections[1] = sec;
  m.parts[1] = mc::Part{1, "plate", 1, 1, 0, mc::ThicknessUpdate::None, {}};
  m.controls.hourglass.ihq = 4;
  if (curve_points > 0) mc::give_hardening_curves(m, curve_points);
  if (plastic) give_rate_dependence(m, rate, viscoplastic);
  return m;
}

// Plastic point updates so far, over all shells (the yielding points of each cycle, summed).
double plastic_updates(const mc::State& s) {
  double sum = 0;
  for (int e = 0; e < s.elements.count(); ++e) sum += s.elements.plastic_updates(e);
  return sum;
}

template <class View>
double bytes(const View& v) {
  return double(v.span()) * sizeof(typename View::value_type);
}

// The element phase's compulsory memory traffic per element-cycle: the
// element state it reads and writes back (twice), what it only reads, the
// corner array it writes (once where its stores stream past the cache,
// corner_stores_stream; else twice: a write allocates its line first) and
// the nodes' x, v, w it gathers (once, if each node's line stays in cache
// while its elements pass).
double kernel_traffic(const mc::State& s) {
  const mc::ElementData& e = s.elements;
  const double written = bytes(e.points) + bytes(e.back_stress) + bytes(e.shear) + bytes(e.hourglass_q) +
                         bytes(e.internal_energy) + bytes(e.hourglass_energy) + bytes(e.yielding) +
                         bytes(e.plastic_updates);
  const double read = bytes(e.conn) + bytes(e.part) + bytes(e.alive) + bytes(e.thickness) + bytes(e.density_scale) +
                      bytes(s.nodes.x) + bytes(s.nodes.v) + bytes(s.nodes.w);
  const double corners = (mc::corner_stores_stream(bytes(s.corners)) ? 1 : 2) * bytes(s.corners);
  return (2 * written + read + corners) / e.count();
}

// The node phase's compulsory memory traffic per node-cycle: the gather
// reads each node's term table, its corners (six components a term), its
// contact share, role, SPC bits, mass and inertia, and reads and writes v
// and w; the position update reads v and reads and writes x. f and m are
// not stored (no rigid body, motion or halo on the plate: node_roles).
double node_traffic(const mc::State& s, const mc::ByteView& roles) {
  const mc::NodeData& n = s.nodes;
  const double corners = double(n.force_terms.term.extent(0)) * 6 * sizeof(mc::Real);
  const double gather = bytes(n.force_terms.offset) + bytes(n.force_terms.term) + corners + bytes(n.fc) + bytes(roles) +
                        bytes(n.fixed) + bytes(n.mass) + bytes(n.inertia) + 2 * (bytes(n.v) + bytes(n.w));
  const double positions = 2 * bytes(n.x) + bytes(n.v);
  return (gather + positions) / n.count();
}

}  // namespace

int main(int argc, char** argv) {
  mc::bench::BenchOptions options(
      "bench_shell_kernel [--elements N] [--nip K] [--mat 1|24] [--curve 0|P] "
      "[--rate none|cs|lcsr|table|log-table] [--vp 0|1] [--cycles C] [--threads T] [--huge-pages 1|0]",
      {{"--elements", "200000"}, {"--nip", "5"}, {"--mat", "24"}, {"--curve", "0"}, {"--rate", "none"},
       {"--vp", "0"}, {"--cycles", "200"}, {"--threads", "1"}, {"--huge-pages", "1"}});
  if (const int code = options.read(argc, argv); code >= 0) return code;
  const int elements = options.count("--elements"), nip = options.count("--nip"), mat = options.count("--mat"),
            cycles = options.count("--cycles"), threads = options.count("--threads");
  if (!elements || !nip || !mat || !cycles || !threads) return 2;
  const bool curve_given = options.text("--curve") != "0";
  const int curve_points = curve_given ? options.count("--curve") : 0;  // 1: give_hardening_curves refuses it
  if (curve_given && !curve_points) return 2;
  if (mat != 1 && mat != 24) {
    std::fprintf(stderr, "--mat: %d is neither 1 (elastic) nor 24 (MAT_024)\n", mat);
    return 2;
  }
  const std::string rate_name = options.text("--rate"), vp = options.text("--vp"), huge = options.text("--huge-pages");
  const std::map<std::string, PlateRate> rates = {{"none", PlateRate::None},
                                                 {"cs", PlateRate::CowperSymonds},
                                                 {"lcsr", PlateRate::Lcsr},
                                                 {"table", PlateRate::Table},
                                                 {"log-table", PlateRate::LogTable}};
  const auto rate = rates.find(rate_name);
  std::string refused;
  if (rate == rates.end())
    refused = "--rate: '" + rate_name + "' is not none, cs, lcsr, table or log-table";
  else if (vp != "0" && vp != "1")
    refused = "--vp: '" + vp + "' is not 0 or 1";
  else if (rate->second != PlateRate::None && mat != 24)
    refused = "--rate " + rate_name + " needs --mat 24";
  else if (rate->second >= PlateRate::Table && !curve_points)
    refused = "--rate " + rate_name + " needs --curve P";
  else if (huge != "0" && huge != "1")
    refused = "--huge-pages: '" + huge + "' is not 0 or 1";
  else if (vp == "1" && rate->second == PlateRate::None)
    refused = "--vp 1 needs a --rate";
  if (!refused.empty()) {
    std::fprintf(stderr, "%s\n", refused.c_str());
    return 2;
  }
  mc::MpiSession mpi(&argc, &argv);
  mc::KokkosSession kokkos(threads);
  try {
    const int nx = static_cast<int>(std::sqrt(elements * 1.25)), ny = (elements + nx - 1) / nx;
    const mc::Model model = bench_plate(nx, ny, nip, mat == 24, curve_points, rate->second, vp == "1");
    mc::State s = mc::build_state(model, mc::whole_model_mesh(model));
    const mc::PageBacking backing = mc::back_state_with_huge_pages(s, huge == "1");
    // Transverse ripple of 2 mm/ms plus a membrane stretch that yields MAT_024.
    for (int n = 0; n < s.nodes.count(); ++n) {
      const double x = s.nodes.x(n, 0), y = s.nodes.x(n, 1);
      s.nodes.v(n, 2) = 2.0 * std::sin(x / 40) * std::cos(y / 55);
      s.nodes.v(n, 0) = 0.1 * x;  // 0.1 per ms stretch: yield within ~12 cycles
    }
    // The edges' nodes and their stretch velocity.
    std::vector<int> edge;
    std::vector<double> edge_vx;
    for (int n = 0; n < s.nodes.count(); ++n) {
      const double x = s.nodes.x(n, 0), y = s.nodes.x(n, 1);
      if (x > 0 && y > 0 && x < nx * kPlateSpacing && y < ny * kPlateSpacing) continue;
      edge.push_back(n);
      edge_vx.push_back(s.nodes.v(n, 0));
    }
    const double dt = 0.9 * mc::element_forces(s, 0);
    const mc::ByteView roles = mc::node_roles(s, mc::Halo());  // as the solver's node phase: f and m not stored
    // The timed cycles: after a tenth of the run (warm-up) and, where a point
    // yields at all, not before the first cycle in which one did. The plate
    // is elastic until then (200 000 shells: cycles 0-10), so a short run
    // timed from its tenth cycle put elastic cycles into MAT_024's figure (7
    // of the 36 timed at --cycles 40). The plastic updates are read only
    // until the onset and before the warm-up's end (as before this choice),
    // so that reading them does not bring their lines into the cache ahead
    // of the timed cycles.
    const int warm_up = cycles / 10;
    int onset = mat == 24 ? -1 : 0;  // the first yielding cycle; -1: none yet
    double updates_at_warm_up = 0;
    std::vector<double> element_s(cycles), cycle_s(cycles);
    for (int c = 0; c < cycles; ++c) {
      const double t0 = mc::wall_seconds();
      mc::element_forces(s, static_cast<mc::Real>(dt));
      Kokkos::fence();
      const double t1 = mc::wall_seconds();
      mc::gather_forces_and_accelerate(s, roles, static_cast<mc::Real>(dt), false);  // no wall: no speed bound
      for (std::size_t i = 0; i < edge.size(); ++i) {
        s.nodes.v(edge[i], 0) = edge_vx[i];
        s.nodes.v(edge[i], 1) = 0;
      }
      mc::update_positions(s, static_cast<mc::Real>(dt));
      Kokkos::fence();
      const double t2 = mc::wall_seconds();
      element_s[c] = t1 - t0;
      cycle_s[c] = t2 - t0;
      if (onset < 0 && plastic_updates(s) > 0) onset = c;
      if (c + 1 == warm_up) updates_at_warm_up = plastic_updates(s);
    }
    const int first = std::max(warm_up, onset);  // never yielded: the warm-up alone
    double t_elem = 0, t_all = 0, t_fastest = element_s[first];
    for (int c = first; c < cycles; ++c) {
      t_elem += element_s[c];
      t_all += cycle_s[c];
      t_fastest = std::min(t_fastest, element_s[c]);
    }
    const double updates_before = first == warm_up ? updates_at_warm_up : 0;  // none before the onset
    const double counted = double(s.elements.count()) * (cycles - first);
    int plastic_points = 0;
    for (int e = 0; e < s.elements.count(); ++e)
      for (int k = 0; k < nip; ++k) plastic_points += mc::packed(s.elements.points, e, 4 * k + 3) > 0;
    const double node_cycles = double(s.nodes.count()) * (cycles - first);
    std::printf("elements %d nip %d mat %03d curve %d rate %s vp %s precision %s threads %d: element phase %.1f "
                "ns/element-cycle (fastest cycle %.1f), "
                "whole cycle %.1f ns/element-cycle (ratio %.2f), plastic points %.0f%%, yielding points %.2f a "
                "shell-cycle, state %.0f B/element (%s), "
                "kernel traffic %.0f B/element-cycle; nodes %d: node phase %.1f ns/node-cycle, "
                "node traffic %.0f B/node-cycle\n",
                s.elements.count(), nip, mat, curve_points, rate_name.c_str(), vp.c_str(),
                sizeof(mc::Real) == 8 ? "double" : "single", threads,
                1e9 * t_elem / counted, 1e9 * t_fastest / s.elements.count(), 1e9 * t_all / counted, t_all / t_elem,
                100.0 * plastic_points / (double(s.elements.count()) * nip),
                (plastic_updates(s) - updates_before) / counted,
                double(backing.bytes) / s.elements.count(), mc::describe_page_backing(backing).c_str(),
                kernel_traffic(s), s.nodes.count(),
                1e9 * (t_all - t_elem) / node_cycles, node_traffic(s, roles));
  } catch (const std::exception& e) {  // a plate the solver refuses (--nip 11)
    std::fprintf(stderr, "bench_shell_kernel: %s\n", e.what());
    return 2;
  }
  return 0;
}
