#include "io/output/lsdyna_layout.hpp"

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <ctime>

namespace mc::lsdyna {
namespace {

// printf into a std::string (every line here is a fixed-width Fortran-like record).
void put(std::string& out, const char* format, ...) {
  char line[256];
  va_list args;
  va_start(args, format);
  const int n = std::vsnprintf(line, sizeof line, format, args);
  va_end(args);
  out.append(line, n < 0 ? 0 : std::min<std::size_t>(static_cast<std::size_t>(n), sizeof line - 1));
}

// ' label.....' 31 wide: glstat's labels end in dots up to the value's column.
void labelled(std::string& out, const std::string& label, double value) {
  std::string text = label;
  if (text.size() < 31) text.resize(31, '.');
  put(out, " %s%14.5E\n", text.c_str(), value);
}

}  // namespace

std::string header(const std::string& title, const std::string& version) {
  char date[16];
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  std::strftime(date, sizeof date, "%m/%d/%Y", &local);
  std::string padded = title.substr(0, 72);
  padded.resize(72, ' ');  // the solver writes (1x,a72)
  std::string out = " " + padded + "\n";
  put(out, "                         ls-dyna %-22s date %s\n", version.c_str(), date);
  return out;
}

std::string legend(const std::vector<std::pair<GlobalId, std::string>>& entities) {
  if (entities.empty()) return "\n\n";
  std::string out = "\n{BEGIN LEGEND}\n Entity #        Title\n";
  for (const auto& [id, title] : entities) put(out, "%9lld     %.70s\n", static_cast<long long>(id), title.c_str());
  return out + "{END LEGEND}\n";
}

std::string glstat_block(const EnergyRecord& r, const std::vector<WallRecord>& walls) {
  std::string out;
  // minicrash does not track which element set the step (a location
  // reduction every cycle for one printed line): element 0.
  put(out, "\n\n dt of cycle%8lld is controlled by %-11selement%8d\n\n", static_cast<long long>(r.cycle), "shell", 0);
  labelled(out, "time", r.time);
  labelled(out, "time step", r.dt);
  labelled(out, "kinetic energy", r.kinetic);
  labelled(out, "internal energy", r.internal);
  for (const WallRecord& w : walls) {
    std::string line;
    labelled(line, "stonewall energy", w.stonewall);
    line.pop_back();
    put(out, "%s wall#%2d\n", line.c_str(), w.id);
  }
  labelled(out, "hourglass energy ", r.hourglass);
  labelled(out, "system damping energy", 0.0);  // minicrash has no damping
  labelled(out, "sliding interface energy", r.contact);
  labelled(out, "external work", r.external_work);  // prescribed motions; wall work is stonewall energy
  labelled(out, "eroded internal energy", r.eroded_internal);
  labelled(out, "total energy", r.total);
  labelled(out, "total energy / initial energy", r.ratio);
  const double mass = r.mass > 0 ? r.mass : 1.0;
  labelled(out, "global x velocity", r.momentum[0] / mass);
  labelled(out, "global y velocity", r.momentum[1] / mass);
  labelled(out, "global z velocity", r.momentum[2] / mass);
  // A wall-clock figure would make glstat differ between identical runs.
  put(out, " %-31s%14d\n", "time per zone cycle.(nanosec)..", 0);
  out += "\n\n";
  labelled(out, "added mass", r.added_mass);
  const double base = r.mass - r.added_mass;
  labelled(out, "percentage increase", base > 0 ? 100.0 * r.added_mass / base : 0.0);
  return out;
}

std::string matsum_block(double time, const std::vector<PartRecord>& parts) {
  std::string out;
  put(out, "\n\n time =%13.4E\n", time);
  for (const PartRecord& p : parts) {
    const auto id = static_cast<long long>(p.id);
    if (id < 100000)
      put(out, " mat.#=%5lld   ", id);
    else
      put(out, " mat.#=%8lld", id);
    put(out, "          inten=%13.4E     kinen=%13.4E\n", p.internal, p.kinetic);
    put(out, " x-mom=%13.4E     y-mom=%13.4E     z-mom=%13.4E\n", p.momentum[0], p.momentum[1], p.momentum[2]);
    // Rigid body velocity: the part's momentum over its mass, for every part
    // as LS-DYNA gives it (Ansys' FAQ "How are the global and part velocities
    // calculated": matsum's x/y/z-rbvelocity, part by part); vehicle studies
    // read a deformable body's velocity from it.
    double rbv[3] = {0, 0, 0};
    if (p.mass > 0)
      for (int k = 0; k < 3; ++k) rbv[k] = p.momentum[k] / p.mass;
    put(out, " x-rbv=%13.4E     y-rbv=%13.4E     z-rbv=%13.4E\n", rbv[0], rbv[1], rbv[2]);
    put(out, "                         hgeng=%13.4E     +mass=%13.4E\n", p.hourglass, p.mass);
  }
  return out;
}

std::string rwforc_columns() {
  return "\n\n    time       wall#   normal-force    x-force        y-force        z-force\n";
}

std::string rwforc_rows(double time, const std::vector<WallRecord>& walls) {
  std::string out;
  for (const WallRecord& w : walls)
    put(out, "%12.5E%8d%15.6E%15.6E%15.6E%15.6E\n", time, w.id, w.normal_force, w.force[0], w.force[1], w.force[2]);
  return out;
}

std::string rcforc_rows(double time, const std::vector<ContactRecord>& contacts) {
  std::string out;
  // LS-DYNA's last column is the mass of the nodes in contact; minicrash
  // does not sum it (0).
  for (const ContactRecord& c : contacts) {
    const auto id = static_cast<long long>(c.id);
    const auto& s = c.slave_force;
    const auto& m = c.master_force;
    put(out, "  slave %11lld time%12.5E  x %12.5E  y %12.5E  z %12.5E mass %12.5E\n", id, time, s[0], s[1], s[2], 0.0);
    put(out, "  master%11lld time%12.5E  x %12.5E  y %12.5E  z %12.5E mass %12.5E\n", id, time, m[0], m[1], m[2], 0.0);
  }
  return out;
}

}  // namespace mc::lsdyna
