#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/Interaction.hpp>
#include <moreau/kernel/modeling/LagrangianCompliantR.hpp>

#include <string>
#include <utility>

namespace moreau {

LagrangianCompliantR::LagrangianCompliantR(OutputFunction h, JacobianFunction G0,
                                           JacobianFunction G1)
    : h_(std::move(h)), G0_(std::move(G0)), G1_(std::move(G1)) {
  if (!h_) throw ModelError("LagrangianCompliantR: the output function h is empty");
}

void LagrangianCompliantR::initializeWorkspace(Interaction& inter) {
  if ((!G0_ || !G1_) && !jacobianByFiniteDifferences())
    throw ModelError(std::string(typeName()) + " of " + inter.description() + ": no " +
                     (!G0_ ? "Jacobian G0 = ∇_q h" : "Jacobian G1 = ∇_λ h") +
                     " given (pass one, or call setJacobianByFiniteDifferences(true) before link)");
}

void LagrangianCompliantR::gather(Interaction& inter) const {
  gatherQ(inter);
  gatherZ(inter);
  inter.workspace().lambda = inter.lambda(0);
}

void LagrangianCompliantR::evaluateJacobians(double t, Interaction& inter) {
  RelationWorkspace& ws = inter.workspace();
  const Eigen::Index m = inter.dimension();
  if (!jacobianByFiniteDifferences() && (!G0_ || !G1_))
    throw ModelError(std::string(typeName()) + " of " + inter.description() +
                     ": missing Jacobian and finite differences are not enabled");
  if (G0_) {
    G0_(ws.x, ws.lambda, ws.z, ws.C);
    checkOutput(inter, ws.C, m, ws.stateSize, "G0", t);
  } else {
    finiteDifference(
        [&](const Eigen::VectorXd& q, Eigen::VectorXd& y) {
          h_(q, ws.lambda, ws.z, y);
          checkOutput(inter, y, m, "h", t);
        },
        ws.x, ws.yPlus, ws.yMinus, ws.C);
  }
  if (G1_) {
    G1_(ws.x, ws.lambda, ws.z, ws.D);
    checkOutput(inter, ws.D, m, m, "G1", t);
  } else {
    finiteDifference(
        [&](const Eigen::VectorXd& lambda, Eigen::VectorXd& y) {
          h_(ws.x, lambda, ws.z, y);
          checkOutput(inter, y, m, "h", t);
        },
        ws.lambda, ws.yPlus, ws.yMinus, ws.D);
  }
}

void LagrangianCompliantR::computeJacobians(double t, Interaction& inter) {
  gather(inter);
  evaluateJacobians(t, inter);
}

void LagrangianCompliantR::computeOutput(double t, Interaction& inter, unsigned level) {
  checkLevel(inter, level, 1);
  gather(inter);
  RelationWorkspace& ws = inter.workspace();
  if (level == 0) {
    h_(ws.x, ws.lambda, ws.z, inter.y(0));
    checkOutput(inter, inter.y(0), inter.dimension(), "h", t);
    return;
  }
  evaluateJacobians(t, inter);
  gatherV(inter);
  velocityOutput(inter);
}

}  // namespace moreau
