// The Belytschko-Lin-Tsay shell as an element block: the State's
// ElementData holds its fields; triangles are quads with n3 == n4.
#pragma once

#include "miniapp/elements/element_block.hpp"

namespace mc {

class ShellBlock final : public ElementBlock {
 public:
  const char* kind() const override { return "shell_bt"; }
  int count(const State& s) const override;
  int corner_slots() const override { return 4; }
  int corners(const State& s, int e) const override;
  int node(const State& s, int e, int c) const override;
  GlobalId id(const State& s, int e) const override;
  int part(const State& s, int e) const override;
  double lump_mass(const Model& model, State& s) override;
  double internal_force(State& s, Real dt) override;
  void energies(const State& s, EnergySink& sink) const override;
  BadElement first_bad_element(const State& s) const override;
};

}  // namespace mc
