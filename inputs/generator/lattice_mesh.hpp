// Sheet-metal faces meshed on one tensor-product lattice per vehicle.
//
// Every structural panel of a generated vehicle is an axis-aligned rectangle
// (a smooth styling map bends the result afterwards). The lattice has a line
// at every face edge (features closer than 3/4 of the element size are
// snapped together) and subdivides the gaps to the element size. Faces that
// meet therefore share lattice nodes: joints are welded by construction,
// every quad is a rectangle (aspect ratio <= 2, or 4 where a refined band
// crosses), and there are no triangles. Cost is one sort of the cell and
// node keys.
#pragma once

#include <cstdint>
#include <vector>

#include "io/model.hpp"

namespace mc {

// One axis of the lattice: feature coordinates in, lattice lines out.
class LatticeAxis {
 public:
  void add_feature(double x) { features_.push_back(x); }
  // Element size times `factor` between lo and hi (finer crush zones).
  void add_band(double lo, double hi, double factor);
  // Lines mirrored about 0 (left and right of a vehicle alike).
  void set_symmetric() { symmetric_ = true; }
  void build(double h);
  // The line a feature snapped to; the feature must have been added.
  int line(double feature) const;
  double coordinate(int line) const { return lines_[static_cast<std::size_t>(line)]; }
  int size() const { return static_cast<int>(lines_.size()); }

 private:
  struct Band {
    double lo, hi, factor;
  };
  double size_at(double x, double h) const;
  std::vector<double> features_;
  std::vector<Band> bands_;
  bool symmetric_ = false;
  std::vector<double> lines_;
  std::vector<std::pair<double, int>> snapped_;  // sorted feature -> line
};

struct LatticeFace {
  GlobalId part = 0;
  int normal = 0;       // the face lies in the plane x[normal] = plane
  double plane = 0;
  double lo[2]{}, hi[2]{};  // extent along (normal+1)%3 and (normal+2)%3
};

// A sinusoidal dent of the nodes strictly inside a face rectangle, along the
// face normal: amplitude * sin(pi s / wavelength), s = x_t - lo_t, for
// s < length, along the tangent t chosen by `along`. The crush trigger of a
// rail: it sets where the first fold forms. The amplitude is capped at 2 %
// of the element size, which keeps the dented quads' warp below 10 degrees.
struct LatticeBead {
  int normal = 0;
  double plane = 0;
  int along = 1;              // 1: tangent (normal+1)%3, 2: (normal+2)%3
  double lo[2]{}, hi[2]{};    // the face rectangle, as in LatticeFace
  double length = 0, amplitude = 0, wavelength = 1;
};

class LatticeMesh {
 public:
  void add_face(const LatticeFace& face);
  void add_bead(const LatticeBead& bead) { beads_.push_back(bead); }
  LatticeAxis& axis(int a) { return axes_[a]; }
  const LatticeAxis& axis(int a) const { return axes_[a]; }

  // Lattice lines for element size h; then the number of quads: an upper
  // bound (faces overlapping after snapping counted twice, cheap), or exact.
  void build_axes(double h);
  std::int64_t cells_bound() const;
  std::int64_t cells() const { return static_cast<std::int64_t>(claimed_cells().size()); }

  // Appends the quads (ids from m.shells.back() + 1) and their nodes (ids
  // from `first_node`) to `m`, in lattice coordinates with the beads applied.
  // Call after build_axes.
  void mesh_into(Model& m, GlobalId first_node);
  // Id of the lattice node (i, j, k); it must be a corner of some quad.
  GlobalId node_id(int i, int j, int k) const;

 private:
  struct Cell {
    std::int64_t key;          // 3 * (key of the min corner) + normal: one per lattice square
    std::int32_t face;         // the face that claimed it
    std::int32_t plane, a, b;  // lattice index of the plane and of the min corner along the tangents
  };
  std::vector<Cell> claimed_cells() const;  // in face order; a square two faces claim goes to the first
  std::int64_t node_key(int i, int j, int k) const;
  void apply_beads(Model& m, std::size_t first) const;
  LatticeAxis axes_[3];
  double h_ = 0;  // element size of the last build_axes
  std::vector<LatticeFace> faces_;
  std::vector<LatticeBead> beads_;
  std::vector<std::int64_t> node_keys_;  // sorted; id = first_node_ + position
  GlobalId first_node_ = 1;
};

}  // namespace mc
