#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/LagrangianLinearTIR.hpp>

#include <string>

namespace moreau {

LagrangianLinearTIR::LagrangianLinearTIR(const Eigen::MatrixXd& H)
    : LagrangianLinearTIR(H, Eigen::VectorXd::Zero(H.rows())) {}

LagrangianLinearTIR::LagrangianLinearTIR(const Eigen::MatrixXd& H, const Eigen::VectorXd& b)
    : H_(H), b_(b) {
  if (H.rows() == 0 || H.cols() == 0)
    throw ModelError("LagrangianLinearTIR: H is " + std::to_string(H.rows()) + "x" +
                     std::to_string(H.cols()) + " (must have at least one row and one column)");
  if (b.size() != H.rows())
    throw ModelError("LagrangianLinearTIR: b has size " + std::to_string(b.size()) + " but H has " +
                     std::to_string(H.rows()) + " rows");
  if (!H.allFinite() || !b.allFinite())
    throw ModelError("LagrangianLinearTIR: H or b has a non-finite entry");
}

}  // namespace moreau
