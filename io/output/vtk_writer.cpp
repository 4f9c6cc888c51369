#include "io/output/vtk_writer.hpp"

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <system_error>
#include <type_traits>

#include "io/deck/input_error.hpp"

namespace mc {
namespace {

namespace fs = std::filesystem;

enum class VtkType { Float32, Int64, Int32, UInt8 };

const char* type_name(VtkType t) {
  switch (t) {
    case VtkType::Float32: return "Float32";
    case VtkType::Int64: return "Int64";
    case VtkType::Int32: return "Int32";
    case VtkType::UInt8: return "UInt8";
  }
  return "";
}

struct FieldSpec {
  const char* name;
  VtkType type;
  int components;
};

// The arrays of every piece, in file order; the .pvtu declares the same.
// Reals go out as Float32, as LS-DYNA's d3plot words: half the size, ample for plots.
constexpr FieldSpec kPointFields[] = {{"displacement", VtkType::Float32, 3},
                                      {"velocity", VtkType::Float32, 3},
                                      {"node_id", VtkType::Int64, 1}};
constexpr FieldSpec kCellFields[] = {{"effective_plastic_strain", VtkType::Float32, 1},
                                     {"von_mises", VtkType::Float32, 1},
                                     {"part_id", VtkType::Int64, 1},
                                     {"element_id", VtkType::Int64, 1},
                                     {"mpi_rank", VtkType::Int32, 1}};
constexpr FieldSpec kPointsField{"Points", VtkType::Float32, 3};
constexpr FieldSpec kCellsFields[] = {{"connectivity", VtkType::Int64, 1},
                                      {"offsets", VtkType::Int64, 1},
                                      {"types", VtkType::UInt8, 1}};
// Default attributes, so ParaView colours and warps without being asked.
constexpr const char* kPointAttributes = " Vectors=\"displacement\"";
constexpr const char* kCellAttributes = " Scalars=\"effective_plastic_strain\"";
constexpr std::uint8_t kVtkTriangle = 5, kVtkQuad = 9;

struct DataArray {
  FieldSpec spec;
  std::vector<unsigned char> bytes;  // the values in host byte order
};

template <class T, class Source>
DataArray convert(const FieldSpec& spec, const std::vector<Source>& values) {
  DataArray a{spec, std::vector<unsigned char>(values.size() * sizeof(T))};
  for (std::size_t i = 0; i < values.size(); ++i) {
    const T v = static_cast<T>(values[i]);
    std::memcpy(a.bytes.data() + i * sizeof(T), &v, sizeof(T));
  }
  return a;
}

template <class Source>
DataArray make_array(const FieldSpec& spec, const std::vector<Source>& values) {
  switch (spec.type) {
    case VtkType::Float32: return convert<float>(spec, values);
    case VtkType::Int64: return convert<std::int64_t>(spec, values);
    case VtkType::Int32: return convert<std::int32_t>(spec, values);
    case VtkType::UInt8: return convert<std::uint8_t>(spec, values);
  }
  return {spec, {}};
}

template <class T>
void write_ascii_values(std::ostream& o, const DataArray& a) {
  const std::size_t n = a.bytes.size() / sizeof(T);
  char buf[32];
  for (std::size_t i = 0; i < n; ++i) {
    T v;
    std::memcpy(&v, a.bytes.data() + i * sizeof(T), sizeof(T));
    if constexpr (std::is_floating_point_v<T>) std::snprintf(buf, sizeof buf, "%.9g", double(v));
    else std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(v));
    o << (i % 9 == 0 ? "\n          " : " ") << buf;
  }
  o << "\n        ";
}

const char* byte_order() {
  const std::uint16_t one = 1;
  unsigned char first;
  std::memcpy(&first, &one, 1);
  return first ? "LittleEndian" : "BigEndian";
}

std::string escape(const std::string& s) {  // for XML attribute values
  std::string r;
  for (char c : s) {
    if (c == '&') r += "&amp;";
    else if (c == '<') r += "&lt;";
    else if (c == '>') r += "&gt;";
    else if (c == '"') r += "&quot;";
    else r += c;
  }
  return r;
}

// header_type: the width of the byte counts heading appended blocks.
std::string header(const char* type, const char* version) {
  const bool collection = std::strcmp(type, "Collection") == 0;
  return std::string("<?xml version=\"1.0\"?>\n<VTKFile type=\"") + type + "\" version=\"" + version +
         "\" byte_order=\"" + byte_order() + (collection ? "\"" : "\" header_type=\"UInt64\"") + ">\n";
}

std::string array_attributes(const FieldSpec& f) {
  return std::string("type=\"") + type_name(f.type) + "\" Name=\"" + f.name + "\" NumberOfComponents=\"" +
         std::to_string(f.components) + "\"";
}

// Raw encoding: the arrays of the appended block, in the order of their tags.
struct AppendedBlock {
  std::vector<const DataArray*> arrays;
  std::uint64_t size = 0;
};

// One <DataArray>: the values inline (ASCII), or queued for the appended block.
void write_array(std::ostream& o, const DataArray& a, VtkEncoding encoding, AppendedBlock& appended) {
  o << "        <DataArray " << array_attributes(a.spec);
  if (encoding == VtkEncoding::Raw) {
    o << " format=\"appended\" offset=\"" << appended.size << "\"/>\n";
    appended.arrays.push_back(&a);
    appended.size += sizeof(std::uint64_t) + a.bytes.size();
    return;
  }
  o << " format=\"ascii\">";
  switch (a.spec.type) {
    case VtkType::Float32: write_ascii_values<float>(o, a); break;
    case VtkType::Int64: write_ascii_values<std::int64_t>(o, a); break;
    case VtkType::Int32: write_ascii_values<std::int32_t>(o, a); break;
    case VtkType::UInt8: write_ascii_values<std::uint8_t>(o, a); break;
  }
  o << "</DataArray>\n";
}

void check_sizes(const MeshSnapshot& s) {
  const std::size_t nn = s.node_count(), nc = s.cell_count();
  const bool ok = s.x.size() == 3 * nn && s.connectivity.size() == 4 * nc && s.displacement.size() == 3 * nn &&
                  s.velocity.size() == 3 * nn && s.node_id.size() == nn && s.plastic_strain.size() == nc &&
                  s.von_mises.size() == nc && s.part_id.size() == nc && s.element_id.size() == nc;
  if (!ok) throw std::invalid_argument("MeshSnapshot: array sizes do not match the node and cell counts");
  for (std::int64_t n : s.connectivity)
    if (n < 0 || static_cast<std::size_t>(n) >= nn)
      throw std::invalid_argument("MeshSnapshot: connectivity refers to node " + std::to_string(n) +
                                  " of " + std::to_string(nn));
}

// VTK cells: quads, or triangles where the shell repeats its third node.
std::vector<DataArray> cell_arrays(const MeshSnapshot& s) {
  std::vector<std::int64_t> conn, offsets;
  std::vector<std::uint8_t> types;
  for (std::size_t e = 0; e < s.cell_count(); ++e) {
    const std::int64_t* n = &s.connectivity[4 * e];
    const bool triangle = n[2] == n[3];
    conn.insert(conn.end(), n, n + (triangle ? 3 : 4));
    offsets.push_back(static_cast<std::int64_t>(conn.size()));
    types.push_back(triangle ? kVtkTriangle : kVtkQuad);
  }
  return {make_array(kCellsFields[0], conn), make_array(kCellsFields[1], offsets),
          make_array(kCellsFields[2], types)};
}

std::ofstream open_output(const std::string& path) {
  std::ofstream out(path, std::ios::binary);
  if (!out) throw InputError("cannot write output file '" + path + "'");
  return out;
}

void close_output(std::ofstream& out, const std::string& path) {
  out.close();
  if (!out) throw InputError("cannot write output file '" + path + "' (disk full?)");
}

std::string step_name(const std::string& base, int step) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "_%04d", step);
  return base + buf;
}

}  // namespace

VtkSeriesWriter::VtkSeriesWriter(std::string dir, std::string base, int rank, int ranks, VtkEncoding encoding)
    : dir_(std::move(dir)), base_(std::move(base)), rank_(rank), ranks_(ranks), encoding_(encoding),
      active_(true) {
  const fs::path folder = fs::path(dir_) / "paraview";
  std::error_code ec;
  fs::create_directories(folder, ec);  // every rank may try: an existing folder is fine
  if (!fs::is_directory(folder)) throw InputError("cannot create output directory '" + folder.string() + "'");
}

std::string VtkSeriesWriter::pvd_path() const { return (fs::path(dir_) / (base_ + ".pvd")).string(); }

std::string VtkSeriesWriter::step_path(int step) const {
  return (fs::path(dir_) / "paraview" / (step_name(base_, step) + ".pvtu")).string();
}

std::string VtkSeriesWriter::piece_path(int step, int rank) const {
  return (fs::path(dir_) / "paraview" / (step_name(base_, step) + "_" + std::to_string(rank) + ".vtu")).string();
}

void VtkSeriesWriter::write_piece(const MeshSnapshot& s) {
  if (!active_) return;
  check_sizes(s);
  if (s.rank != rank_) throw std::invalid_argument("MeshSnapshot: rank differs from the writer's");
  const std::size_t nn = s.node_count(), nc = s.cell_count();
  const std::vector<DataArray> point_data = {make_array(kPointFields[0], s.displacement),
                                       make_array(kPointFields[1], s.velocity),
                                       make_array(kPointFields[2], s.node_id)};
  const std::vector<DataArray> cell_data = {make_array(kCellFields[0], s.plastic_strain),
                                      make_array(kCellFields[1], s.von_mises),
                                      make_array(kCellFields[2], s.part_id),
                                      make_array(kCellFields[3], s.element_id),
                                      make_array(kCellFields[4], std::vector<int>(nc, s.rank))};
  const DataArray points = make_array(kPointsField, s.x);
  const std::vector<DataArray> cells = cell_arrays(s);

  const std::string path = piece_path(steps(), rank_);
  std::ofstream o = open_output(path);
  AppendedBlock appended;
  o << header("UnstructuredGrid", "1.0") << "  <UnstructuredGrid>\n    <Piece NumberOfPoints=\"" << nn
    << "\" NumberOfCells=\"" << nc << "\">\n      <PointData" << kPointAttributes << ">\n";
  for (const DataArray& a : point_data) write_array(o, a, encoding_, appended);
  o << "      </PointData>\n      <CellData" << kCellAttributes << ">\n";
  for (const DataArray& a : cell_data) write_array(o, a, encoding_, appended);
  o << "      </CellData>\n      <Points>\n";
  write_array(o, points, encoding_, appended);
  o << "      </Points>\n      <Cells>\n";
  for (const DataArray& a : cells) write_array(o, a, encoding_, appended);
  o << "      </Cells>\n    </Piece>\n  </UnstructuredGrid>\n";
  if (encoding_ == VtkEncoding::Raw) {
    // Each block: its byte count (UInt64, header_type), then the values.
    o << "  <AppendedData encoding=\"raw\">\n   _";
    for (const DataArray* a : appended.arrays) {
      const std::uint64_t bytes = a->bytes.size();
      o.write(reinterpret_cast<const char*>(&bytes), sizeof bytes);
      o.write(reinterpret_cast<const char*>(a->bytes.data()), static_cast<std::streamsize>(bytes));
    }
    o << "\n  </AppendedData>\n";
  }
  o << "</VTKFile>\n";
  close_output(o, path);
}

void VtkSeriesWriter::end_step(double time) {
  if (!active_) return;
  const int step = steps();
  times_.push_back(time);
  if (rank_ != 0) return;

  const std::string pvtu = step_path(step);
  std::ofstream p = open_output(pvtu);
  p << header("PUnstructuredGrid", "1.0") << "  <PUnstructuredGrid GhostLevel=\"0\">\n    <PPointData"
    << kPointAttributes << ">\n";
  for (const FieldSpec& f : kPointFields) p << "      <PDataArray " << array_attributes(f) << "/>\n";
  p << "    </PPointData>\n    <PCellData" << kCellAttributes << ">\n";
  for (const FieldSpec& f : kCellFields) p << "      <PDataArray " << array_attributes(f) << "/>\n";
  p << "    </PCellData>\n    <PPoints>\n      <PDataArray " << array_attributes(kPointsField)
    << "/>\n    </PPoints>\n";
  for (int r = 0; r < ranks_; ++r)  // Source is relative to the .pvtu
    p << "    <Piece Source=\"" << escape(fs::path(piece_path(step, r)).filename().string()) << "\"/>\n";
  p << "  </PUnstructuredGrid>\n</VTKFile>\n";
  close_output(p, pvtu);
  write_collection();
}

void VtkSeriesWriter::resume(const std::vector<double>& times) {
  times_ = times;
  if (active_ && rank_ == 0) write_collection();
}

// Written aside and renamed over: a run killed mid-write keeps the last valid series.
void VtkSeriesWriter::write_collection() const {
  const std::string pvd = pvd_path(), temporary = pvd + ".tmp";
  std::ofstream c = open_output(temporary);
  c << header("Collection", "0.1") << "  <Collection>\n";
  for (int k = 0; k < steps(); ++k) {
    char t[32];
    std::snprintf(t, sizeof t, "%.12g", times_[k]);
    c << "    <DataSet timestep=\"" << t << "\" group=\"\" part=\"0\" file=\"paraview/"
      << escape(fs::path(step_path(k)).filename().string()) << "\"/>\n";
  }
  c << "  </Collection>\n</VTKFile>\n";
  close_output(c, temporary);
  std::error_code ec;
  fs::rename(temporary, pvd, ec);
  if (ec) throw InputError("cannot write output file '" + pvd + "': " + ec.message());
}

}  // namespace mc
