// Through-thickness integration points of a shell: Gauss-Legendre (the
// LS-DYNA default), Gauss-Lobatto (*CONTROL_SHELL INTGRD=1, points on the
// surfaces) or trapezoidal (QR 1). Positions zeta in [-1/2, 1/2] (z = zeta t), weights summing to 1.
#pragma once

#include <vector>

namespace mc {

struct ThicknessRule {
  std::vector<double> zeta, weight;
};

// n in 1..10 for Gauss, 2..10 for Lobatto and trapezoidal (throws
// std::invalid_argument otherwise).
ThicknessRule gauss_rule(int n);
ThicknessRule lobatto_rule(int n);
// *SECTION_SHELL QR 1: n points equally spaced from surface to surface,
// trapezoidal weights (half a share at the surfaces).
ThicknessRule trapezoidal_rule(int n);

}  // namespace mc
