#include <moreau/numerics/fc/FrictionContactProblem.hpp>

#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

namespace moreau::numerics {

FrictionContactProblem::FrictionContactProblem(int dimension, Matrix W, Eigen::VectorXd q,
                                               Eigen::VectorXd mu)
    : dimension_(dimension), W_(std::move(W)), q_(std::move(q)), mu_(std::move(mu)) {
  validate();
}

void FrictionContactProblem::validate() const {
  const char* who = "FrictionContactProblem: ";
  if (dimension_ != 2 && dimension_ != 3)
    throw std::invalid_argument(who + ("dimension is " + std::to_string(dimension_)) +
                                ", must be 2 or 3");
  const Eigen::Index n = dimension_ * mu_.size();
  if (W_.rows() != n || W_.cols() != n)
    throw std::invalid_argument(who + ("W is " + std::to_string(W_.rows())) + "x" +
                                std::to_string(W_.cols()) + ", must be " + std::to_string(n) + "x" +
                                std::to_string(n) + " (dimension " + std::to_string(dimension_) +
                                " x " + std::to_string(mu_.size()) + " contacts)");
  if (q_.size() != n)
    throw std::invalid_argument(who + ("q has " + std::to_string(q_.size())) +
                                " entries, must have " + std::to_string(n));
  if (!W_.allFinite()) throw std::invalid_argument(std::string(who) + "W has a non-finite entry");
  if (!q_.allFinite()) throw std::invalid_argument(std::string(who) + "q has a non-finite entry");
  for (Eigen::Index i = 0; i < mu_.size(); ++i)
    if (!std::isfinite(mu_[i]) || mu_[i] < 0.0)
      throw std::invalid_argument(who + ("mu[" + std::to_string(i)) +
                                  "] = " + std::to_string(mu_[i]) + ", must be finite and >= 0");
}

}  // namespace moreau::numerics
