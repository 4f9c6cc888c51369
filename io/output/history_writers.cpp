#include "io/output/history_writers.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <sstream>

#include "io/deck/input_error.hpp"

namespace mc {
namespace {

// Fixed-width scientific fields: stable for diffing and column tools.
std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, " %15.8e", v);
  return buf;
}

// minicrash's own header: the title, then the column names.
std::string column_header(const std::string& title, const std::string& columns) {
  return "# minicrash " + title + "\n# " + columns + "\n";
}

}  // namespace

HistoryFile::HistoryFile(const std::string& path, const std::string& header, bool append) : path_(path) {
  std::error_code ec;
  const bool continued = append && std::filesystem::file_size(path, ec) > 0 && !ec;
  out_.open(path, continued ? std::ios::app : std::ios::trunc);
  if (!out_) throw InputError("cannot write output file '" + path + "'");
  bytes_ = continued ? std::filesystem::file_size(path, ec) : 0;
  if (!continued) this->append(header);
  if (!failure_.empty()) throw InputError(failure_);
}

void HistoryFile::append(const std::string& rows) {
  if (!out_.is_open()) return;
  out_ << rows;
  out_.flush();
  if (out_) {
    bytes_ += rows.size();
    return;
  }
  const int error = errno;
  out_.close();
  std::error_code ec;
  std::filesystem::resize_file(path_, bytes_, ec);
  failure_ = "cannot write output file '" + path_ + "': " + std::strerror(error) + " (it ends at its last whole row)";
}

GlstatWriter::GlstatWriter(const std::string& dir, const std::string& title, bool append)
    : file_(dir + "/glstat", column_header(title, "time dt cycle kinetic internal hourglass contact stonewall eroded_internal total "
            "energy_ratio mass added_mass x_momentum y_momentum z_momentum"), append) {}

void GlstatWriter::write(const EnergyRecord& r) {
  if (!file_.active()) return;
  std::ostringstream o;
  o << num(r.time) << num(r.dt) << " " << r.cycle << num(r.kinetic) << num(r.internal) << num(r.hourglass)
    << num(r.contact) << num(r.stonewall) << num(r.eroded_internal) << num(r.total) << num(r.ratio)
    << num(r.mass) << num(r.added_mass) << num(r.momentum[0]) << num(r.momentum[1]) << num(r.momentum[2])
    << "\n";
  file_.append(o.str());
}

MatsumWriter::MatsumWriter(const std::string& dir, const std::string& title, bool append)
    : file_(dir + "/matsum", column_header(title, "time part internal kinetic hourglass mass x_momentum y_momentum z_momentum"), append) {}

void MatsumWriter::write(double time, const std::vector<PartRecord>& parts) {
  if (!file_.active()) return;
  std::ostringstream o;
  for (const PartRecord& p : parts)
    o << num(time) << " " << p.id << num(p.internal) << num(p.kinetic) << num(p.hourglass) << num(p.mass)
      << num(p.momentum[0]) << num(p.momentum[1]) << num(p.momentum[2]) << "\n";
  file_.append(o.str());
}

RwforcWriter::RwforcWriter(const std::string& dir, const std::string& title, bool append)
    : file_(dir + "/rwforc", column_header(title, "time wall normal_force x_force y_force z_force"), append) {}

void RwforcWriter::write(double time, const std::vector<WallRecord>& walls) {
  if (!file_.active()) return;
  std::ostringstream o;
  for (const WallRecord& w : walls)
    o << num(time) << " " << w.id << num(w.normal_force) << num(w.force[0]) << num(w.force[1])
      << num(w.force[2]) << "\n";
  file_.append(o.str());
}

RcforcWriter::RcforcWriter(const std::string& dir, const std::string& title, bool append)
    : file_(dir + "/rcforc", column_header(title, "time interface slave_x slave_y slave_z master_x master_y master_z energy active_pairs"), append) {}

void RcforcWriter::write(double time, const std::vector<ContactRecord>& contacts) {
  if (!file_.active()) return;
  std::ostringstream o;
  for (const ContactRecord& c : contacts) {
    o << num(time) << " " << c.id;
    for (double f : c.slave_force) o << num(f);
    for (double f : c.master_force) o << num(f);
    o << num(c.energy) << " " << c.active_pairs << "\n";
  }
  file_.append(o.str());
}

}  // namespace mc
