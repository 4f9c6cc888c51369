// ParaView output (the d3plot of minicrash), VTK XML formats:
//   <dir>/paraview/<base>_<step>_<rank>.vtu   every rank: its shells (UnstructuredGrid)
//   <dir>/paraview/<base>_<step>.pvtu         rank 0: the step, all ranks' pieces
//   <dir>/<base>.pvd                          rank 0: the time series, rewritten each step
// Point data: displacement, velocity, node_id. Cell data:
// effective_plastic_strain, von_mises, part_id, element_id, mpi_rank.
#pragma once

#include <string>
#include <vector>

#include "io/output/mesh_snapshot.hpp"

namespace mc {

// Raw appended binary is compact and what VTK reads fastest; ASCII is for
// reading by eye and for XML tools.
enum class VtkEncoding { Raw, Ascii };

class VtkSeriesWriter {
 public:
  VtkSeriesWriter() = default;  // inert: writes nothing
  // Creates <dir>/paraview. Throws InputError if it cannot.
  VtkSeriesWriter(std::string dir, std::string base, int rank, int ranks,
                  VtkEncoding encoding = VtkEncoding::Raw);
  bool active() const { return active_; }

  // Every rank: its piece of the current step. Throws InputError if the
  // file cannot be written, std::invalid_argument on inconsistent arrays.
  void write_piece(const MeshSnapshot& snapshot);
  // Every rank, once all pieces of the step are on disk: rank 0 writes the
  // step's .pvtu and rewrites the .pvd; every rank moves to the next step.
  void end_step(double time);
  // Both, where no other rank has to be waited for (one rank, tests).
  void write(const MeshSnapshot& snapshot) {
    write_piece(snapshot);
    end_step(snapshot.time);
  }

  // A restarted run continues the series after the steps already written
  // (`times`); rank 0 rewrites the .pvd to list just those, so a series a
  // killed run took further does not show steps the resumed run has not
  // written yet.
  void resume(const std::vector<double>& times);
  int steps() const { return static_cast<int>(times_.size()); }
  std::string pvd_path() const;
  std::string step_path(int step) const;
  std::string piece_path(int step, int rank) const;

 private:
  std::string dir_, base_;
  int rank_ = 0, ranks_ = 1;
  VtkEncoding encoding_ = VtkEncoding::Raw;
  bool active_ = false;
  std::vector<double> times_;  // of the finished steps
  void write_collection() const;
};

}  // namespace mc
