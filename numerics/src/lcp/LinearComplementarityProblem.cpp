#include <moreau/numerics/lcp/LinearComplementarityProblem.hpp>

#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

namespace moreau::numerics {

LinearComplementarityProblem::LinearComplementarityProblem(Matrix M, Eigen::VectorXd q)
    : M_(std::move(M)), q_(std::move(q)) {
  validate();
}

LinearComplementarityProblem::LinearComplementarityProblem(Eigen::MatrixXd M, Eigen::VectorXd q)
    : LinearComplementarityProblem(Matrix(std::move(M)), std::move(q)) {}

LinearComplementarityProblem::LinearComplementarityProblem(Eigen::SparseMatrix<double> M,
                                                           Eigen::VectorXd q)
    : LinearComplementarityProblem(Matrix(std::move(M)), std::move(q)) {}

void LinearComplementarityProblem::validate() const {
  // Messages are built only on failure: validate() runs every time step in the kernel.
  const char* who = "LinearComplementarityProblem: ";
  const auto shape = [this] { return std::to_string(M_.rows()) + "x" + std::to_string(M_.cols()); };
  if (M_.rows() != M_.cols()) {
    throw std::invalid_argument(who + ("M is " + shape()) + ", must be square");
  }
  if (q_.size() != M_.rows()) {
    throw std::invalid_argument(who + ("q has " + std::to_string(q_.size())) +
                                " entries, must have " + std::to_string(M_.rows()) + " (M is " +
                                shape() + ")");
  }
  if (!M_.allFinite()) {
    throw std::invalid_argument(std::string(who) + "M has a non-finite (NaN or Inf) entry");
  }
  for (Eigen::Index i = 0; i < q_.size(); ++i) {
    if (!std::isfinite(q_[i])) {
      throw std::invalid_argument(who + ("q[" + std::to_string(i)) + "] is not finite");
    }
  }
}

}  // namespace moreau::numerics
