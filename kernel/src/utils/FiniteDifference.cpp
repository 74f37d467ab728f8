#include <moreau/kernel/utils/FiniteDifference.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

namespace moreau {

double FiniteDifference::step(double xj) {
  const double base = std::cbrt(std::numeric_limits<double>::epsilon());
  return base * std::max(1.0, std::abs(xj));
}

void FiniteDifference::jacobian(const Function& g, const Eigen::VectorXd& x, Eigen::MatrixXd& J) {
  const Eigen::Index m = J.rows();
  xw_ = x;
  gp_.resize(m);
  gm_.resize(m);
  for (Eigen::Index j = 0; j < x.size(); ++j) {
    const double h = step(x(j));
    // Exactly representable step: (x + h) − (x − h) computed in floating point.
    const double xp = x(j) + h, xm = x(j) - h;
    xw_(j) = xp;
    g(xw_, gp_);
    xw_(j) = xm;
    g(xw_, gm_);
    xw_(j) = x(j);
    J.col(j) = (gp_ - gm_) / (xp - xm);
  }
}

}  // namespace moreau
