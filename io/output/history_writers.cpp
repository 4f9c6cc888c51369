#include "io/output/history_writers.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <sstream>

#include "io/deck/input_error.hpp"
#include "io/output/lsdyna_layout.hpp"

namespace mc {
namespace {

// A CSV field: nine significant digits (the LS-DYNA layouts print five).
std::string num(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, ",%.8e", v);
  return buf;
}

std::string integer(std::int64_t v) { return "," + std::to_string(v); }

// A CSV row starts with the time (no comma before it).
std::string row_start(double time) { return num(time).substr(1); }

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

TwinHistory::TwinHistory(const std::string& dir, const std::string& name, const std::string& lsdyna_header,
                         const std::string& csv_columns, bool append)
    : lsdyna_(dir + "/" + name, lsdyna_header, append), csv_(dir + "/" + name + ".csv", csv_columns + "\n", append) {}

void TwinHistory::append(const std::string& lsdyna_text, const std::string& csv_rows) {
  lsdyna_.append(lsdyna_text);
  csv_.append(csv_rows);
}

GlstatWriter::GlstatWriter(const std::string& dir, const std::string& title, const std::string& version, bool append)
    : history_(dir, "glstat", lsdyna::header(title, version),
               "time,dt,cycle,kinetic,internal,hourglass,contact,stonewall,eroded_internal,total,energy_ratio,mass,"
               "added_mass,x_momentum,y_momentum,z_momentum,external_work",
               append) {}

void GlstatWriter::write(const EnergyRecord& r, const std::vector<WallRecord>& walls) {
  if (!history_.active()) return;
  std::ostringstream o;
  o << row_start(r.time) << num(r.dt) << integer(r.cycle) << num(r.kinetic) << num(r.internal) << num(r.hourglass)
    << num(r.contact) << num(r.stonewall) << num(r.eroded_internal) << num(r.total) << num(r.ratio) << num(r.mass)
    << num(r.added_mass) << num(r.momentum[0]) << num(r.momentum[1]) << num(r.momentum[2]) << num(r.external_work)
    << "\n";
  history_.append(lsdyna::glstat_block(r, walls), o.str());
}

MatsumWriter::MatsumWriter(const std::string& dir, const std::string& title, const std::string& version,
                           const std::vector<std::pair<GlobalId, std::string>>& parts, bool append)
    : history_(dir, "matsum", lsdyna::header(title, version) + lsdyna::legend(parts),
               "time,part,internal,kinetic,hourglass,mass,x_momentum,y_momentum,z_momentum", append) {}

void MatsumWriter::write(double time, const std::vector<PartRecord>& parts) {
  if (!history_.active()) return;
  std::ostringstream o;
  for (const PartRecord& p : parts)
    o << row_start(time) << integer(p.id) << num(p.internal) << num(p.kinetic) << num(p.hourglass) << num(p.mass)
      << num(p.momentum[0]) << num(p.momentum[1]) << num(p.momentum[2]) << "\n";
  history_.append(lsdyna::matsum_block(time, parts), o.str());
}

RwforcWriter::RwforcWriter(const std::string& dir, const std::string& title, const std::string& version, bool append)
    : history_(dir, "rwforc", lsdyna::header(title, version) + lsdyna::legend({}) + lsdyna::rwforc_columns(),
               "time,wall,normal_force,x_force,y_force,z_force", append) {}

void RwforcWriter::write(double time, const std::vector<WallRecord>& walls) {
  if (!history_.active()) return;
  std::ostringstream o;
  for (const WallRecord& w : walls)
    o << row_start(time) << integer(w.id) << num(w.normal_force) << num(w.force[0]) << num(w.force[1])
      << num(w.force[2]) << "\n";
  history_.append(lsdyna::rwforc_rows(time, walls), o.str());
}

RcforcWriter::RcforcWriter(const std::string& dir, const std::string& title, const std::string& version, bool append)
    : history_(dir, "rcforc", lsdyna::header(title, version) + lsdyna::legend({}),
               "time,interface,slave_x,slave_y,slave_z,master_x,master_y,master_z,energy,active_pairs", append) {}

void RcforcWriter::write(double time, const std::vector<ContactRecord>& contacts) {
  if (!history_.active()) return;
  std::ostringstream o;
  for (const ContactRecord& c : contacts) {
    o << row_start(time) << integer(c.id);
    for (double f : c.slave_force) o << num(f);
    for (double f : c.master_force) o << num(f);
    o << num(c.energy) << integer(c.active_pairs) << "\n";
  }
  history_.append(lsdyna::rcforc_rows(time, contacts), o.str());
}

}  // namespace mc
