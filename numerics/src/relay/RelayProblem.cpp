#include <moreau/numerics/relay/RelayProblem.hpp>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>

namespace moreau::numerics {

RelayProblem::RelayProblem(Matrix M, Eigen::VectorXd q, Eigen::VectorXd lb, Eigen::VectorXd ub)
    : M_(std::move(M)), q_(std::move(q)), lb_(std::move(lb)), ub_(std::move(ub)) {
  validate();
}

RelayProblem::RelayProblem(Eigen::MatrixXd M, Eigen::VectorXd q, Eigen::VectorXd lb,
                           Eigen::VectorXd ub)
    : RelayProblem(Matrix(std::move(M)), std::move(q), std::move(lb), std::move(ub)) {}

RelayProblem::RelayProblem(Eigen::SparseMatrix<double> M, Eigen::VectorXd q, Eigen::VectorXd lb,
                           Eigen::VectorXd ub)
    : RelayProblem(Matrix(std::move(M)), std::move(q), std::move(lb), std::move(ub)) {}

void RelayProblem::validate() const {
  // Messages are built only on failure: validate() may run every time step.
  const char* who = "RelayProblem: ";
  const auto shape = [this] { return std::to_string(M_.rows()) + "x" + std::to_string(M_.cols()); };
  if (M_.rows() != M_.cols()) {
    throw std::invalid_argument(who + ("M is " + shape()) + ", must be square");
  }
  const auto size = [&](const char* name, const Eigen::VectorXd& v) {
    if (v.size() != M_.rows()) {
      throw std::invalid_argument(who + (name + (" has " + std::to_string(v.size()))) +
                                  " entries, must have " + std::to_string(M_.rows()) + " (M is " +
                                  shape() + ")");
    }
  };
  size("q", q_);
  size("lb", lb_);
  size("ub", ub_);
  if (!M_.allFinite()) {
    throw std::invalid_argument(std::string(who) + "M has a non-finite (NaN or Inf) entry");
  }
  const double inf = std::numeric_limits<double>::infinity();
  for (Eigen::Index i = 0; i < q_.size(); ++i) {
    if (!std::isfinite(q_[i])) {
      throw std::invalid_argument(who + ("q[" + std::to_string(i)) + "] is not finite");
    }
    if (std::isnan(lb_[i]) || std::isnan(ub_[i]) || !(lb_[i] <= ub_[i]) || lb_[i] == inf ||
        ub_[i] == -inf) {
      throw std::invalid_argument(who + ("bounds of row " + std::to_string(i)) + " are [" +
                                  std::to_string(lb_[i]) + ", " + std::to_string(ub_[i]) +
                                  "], need lb <= ub, lb < +inf, ub > -inf, no NaN");
    }
  }
}

}  // namespace moreau::numerics
