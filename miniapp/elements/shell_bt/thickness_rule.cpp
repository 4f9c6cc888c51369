#include "miniapp/elements/shell_bt/thickness_rule.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

#include "io/vec3.hpp"

namespace mc {
namespace {

// Legendre P_n(x) and its derivative by the three-term recurrence.
void legendre(int n, double x, double& p, double& dp) {
  double p0 = 1, p1 = x;
  if (n == 0) { p = 1; dp = 0; return; }
  for (int k = 2; k <= n; ++k) {
    const double pk = ((2 * k - 1) * x * p1 - (k - 1) * p0) / k;
    p0 = p1;
    p1 = pk;
  }
  p = p1;
  dp = n * (x * p1 - p0) / (x * x - 1);
}

}  // namespace

ThicknessRule gauss_rule(int n) {
  if (n < 1 || n > 10) throw std::invalid_argument("Gauss rule needs 1..10 points, got " + std::to_string(n));
  ThicknessRule r;
  for (int i = 0; i < n; ++i) {
    double x = -std::cos(kPi * (i + 0.75) / (n + 0.5));  // Tricomi's initial guess, ascending
    double p = 0, dp = 0;
    for (int it = 0; it < 100; ++it) {
      legendre(n, x, p, dp);
      const double dx = p / dp;
      x -= dx;
      if (std::fabs(dx) < 1e-16) break;
    }
    legendre(n, x, p, dp);
    r.zeta.push_back(0.5 * x);
    r.weight.push_back(0.5 * 2.0 / ((1 - x * x) * dp * dp));
  }
  return r;
}

ThicknessRule lobatto_rule(int n) {
  if (n < 2 || n > 10) throw std::invalid_argument("Lobatto rule needs 2..10 points, got " + std::to_string(n));
  ThicknessRule r;
  const int m = n - 1;
  for (int i = 0; i < n; ++i) {
    double x = -std::cos(kPi * i / m);  // Chebyshev-Lobatto guess, ascending
    if (i > 0 && i < m) {
      // Interior points: roots of P'_m, by Newton on (1-x^2) P'_m = m (P_{m-1} - x P_m).
      for (int it = 0; it < 100; ++it) {
        double p, dp, q, dq;
        legendre(m, x, p, dp);
        legendre(m - 1, x, q, dq);
        const double f = q - x * p;
        const double df = dq - p - x * dp;
        const double dx = f / df;
        x -= dx;
        if (std::fabs(dx) < 1e-16) break;
      }
    }
    double p = 0, dp = 0;
    if (i == 0 || i == m) p = (i == 0 && (m % 2)) ? -1.0 : 1.0;
    else legendre(m, x, p, dp);
    r.zeta.push_back(0.5 * x);
    r.weight.push_back(0.5 * 2.0 / (m * (m + 1) * p * p));
  }
  return r;
}

ThicknessRule trapezoidal_rule(int n) {
  if (n < 2 || n > 10) throw std::invalid_argument("trapezoidal rule needs 2..10 points, got " + std::to_string(n));
  ThicknessRule r;
  const double share = 1.0 / (n - 1);
  for (int i = 0; i < n; ++i) {
    r.zeta.push_back(i * share - 0.5);
    r.weight.push_back(i == 0 || i == n - 1 ? 0.5 * share : share);
  }
  return r;
}

}  // namespace mc
