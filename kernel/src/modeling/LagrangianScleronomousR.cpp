#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/Interaction.hpp>
#include <moreau/kernel/modeling/LagrangianScleronomousR.hpp>

#include <string>
#include <utility>

namespace moreau {

LagrangianScleronomousR::LagrangianScleronomousR(OutputFunction h, JacobianFunction G)
    : h_(std::move(h)), G_(std::move(G)) {
  if (!h_) throw ModelError("LagrangianScleronomousR: the output function h is empty");
}

void LagrangianScleronomousR::initializeWorkspace(Interaction& inter) {
  if (!G_ && !jacobianByFiniteDifferences())
    throw ModelError(std::string(typeName()) + " of " + inter.description() +
                     ": no Jacobian G = ∇_q h given (pass one, or call "
                     "setJacobianByFiniteDifferences(true) before link)");
}

void LagrangianScleronomousR::evaluateJacobian(double t, Interaction& inter) {
  RelationWorkspace& ws = inter.workspace();
  const Eigen::Index m = inter.dimension();
  if (G_) {
    G_(ws.x, ws.z, ws.C);
    checkOutput(inter, ws.C, m, ws.stateSize, "G", t);
  } else if (jacobianByFiniteDifferences()) {
    finiteDifference(
        [&](const Eigen::VectorXd& q, Eigen::VectorXd& y) {
          h_(q, ws.z, y);
          checkOutput(inter, y, m, "h", t);
        },
        ws.x, ws.yPlus, ws.yMinus, ws.C);
  } else {
    throw ModelError(std::string(typeName()) + " of " + inter.description() +
                     ": no Jacobian G = ∇_q h and finite differences are not enabled");
  }
}

void LagrangianScleronomousR::computeJacobians(double t, Interaction& inter) {
  gatherQ(inter);
  gatherZ(inter);
  evaluateJacobian(t, inter);
}

void LagrangianScleronomousR::computeOutput(double t, Interaction& inter, unsigned level) {
  checkLevel(inter, level, 1);
  gatherQ(inter);
  gatherZ(inter);
  RelationWorkspace& ws = inter.workspace();
  if (level == 0) {
    h_(ws.x, ws.z, inter.y(0));
    checkOutput(inter, inter.y(0), inter.dimension(), "h", t);
    return;
  }
  evaluateJacobian(t, inter);
  gatherV(inter);
  velocityOutput(inter);
}

}  // namespace moreau
