#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/Interaction.hpp>
#include <moreau/kernel/modeling/LagrangianDS.hpp>
#include <moreau/kernel/modeling/LagrangianLinearTIR.hpp>

#include <string>

namespace moreau {

namespace {
std::string sizeOf(const Eigen::MatrixXd& A) {
  return std::to_string(A.rows()) + "x" + std::to_string(A.cols());
}
}  // namespace

LagrangianLinearTIR::LagrangianLinearTIR(const Eigen::MatrixXd& H)
    : LagrangianLinearTIR(H, Eigen::VectorXd::Zero(H.rows())) {}

LagrangianLinearTIR::LagrangianLinearTIR(const Eigen::MatrixXd& H, const Eigen::VectorXd& b)
    : LagrangianLinearTIR(H, Eigen::MatrixXd(), Eigen::MatrixXd(), b) {}

LagrangianLinearTIR::LagrangianLinearTIR(const Eigen::MatrixXd& C, const Eigen::MatrixXd& D,
                                         const Eigen::MatrixXd& F, const Eigen::VectorXd& e)
    : H_(C), F_(F), b_(e) {
  if (C.rows() == 0 || C.cols() == 0)
    throw ModelError("LagrangianLinearTIR: H is " + sizeOf(C) +
                     " (must have at least one row and one column)");
  if (e.size() != C.rows())
    throw ModelError("LagrangianLinearTIR: b has size " + std::to_string(e.size()) + " but H has " +
                     std::to_string(C.rows()) + " rows");
  if (D.size() != 0 && (D.rows() != C.rows() || D.cols() != C.rows()))
    throw ModelError("LagrangianLinearTIR: D is " + sizeOf(D) + ", expected " +
                     std::to_string(C.rows()) + "x" + std::to_string(C.rows()) +
                     " (C has that many rows)");
  if (F.size() != 0 && F.rows() != C.rows())
    throw ModelError("LagrangianLinearTIR: F is " + sizeOf(F) + " but C has " +
                     std::to_string(C.rows()) + " rows");
  if (!C.allFinite() || !e.allFinite() || !D.allFinite() || !F.allFinite())
    throw ModelError("LagrangianLinearTIR: H, D, F or b has a non-finite entry");
  hasD_ = D.size() != 0;
  D_ = hasD_ ? D : Eigen::MatrixXd::Zero(C.rows(), C.rows());
}

void LagrangianLinearTIR::initializeWorkspace(Interaction& inter) {
  RelationWorkspace& ws = inter.workspace();
  if (F_.size() != 0 && F_.cols() != ws.zSize)
    throw ModelError(inter.description() + ": LagrangianLinearTIR F has " +
                     std::to_string(F_.cols()) +
                     " columns but the linked systems' z vectors have " + std::to_string(ws.zSize) +
                     " components in total");
  ws.C = H_;
  ws.D = D_;
}

void LagrangianLinearTIR::computeJacobians(double /*t*/, Interaction& /*inter*/) {}

void LagrangianLinearTIR::computeOutput(double /*t*/, Interaction& inter, unsigned level) {
  checkLevel(inter, level, 1);
  const RelationWorkspace& ws = inter.workspace();
  Eigen::VectorXd& y = inter.y(level);
  if (level == 0)
    y = b_;
  else
    y.setZero();
  for (std::size_t i = 0; i < ws.offsets.size(); ++i) {
    const LagrangianDS& ds = linkedDS(inter, i);
    y.noalias() +=
        H_.middleCols(ws.offsets[i], ws.sizes[i]) * (level == 0 ? ds.q() : ds.velocity());
  }
  if (hasD_) y.noalias() += D_ * inter.lambda(level);
  if (level == 0 && F_.size() != 0) {
    gatherZ(inter);
    y.noalias() += F_ * inter.workspace().z;
  }
}

}  // namespace moreau
