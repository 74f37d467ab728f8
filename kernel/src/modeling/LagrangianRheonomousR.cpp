#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/Interaction.hpp>
#include <moreau/kernel/modeling/LagrangianRheonomousR.hpp>
#include <moreau/kernel/utils/PluginLoader.hpp>

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

namespace moreau {

LagrangianRheonomousR::LagrangianRheonomousR(OutputFunction h, JacobianFunction G,
                                             TimeDerivativeFunction hDot)
    : h_(std::move(h)), G_(std::move(G)), hDot_(std::move(hDot)) {
  if (!h_) throw ModelError("LagrangianRheonomousR: the output function h is empty");
}

namespace {
// h, hDot (vector output) and G (matrix output): the same C signature.
template <class Out>
std::function<void(double, const Eigen::VectorXd&, const Eigen::VectorXd&, Out&)> rheonomousPlugin(
    const std::string& spec) {
  auto p = PluginLoader::load<plugin::RheonomousOutput>(spec);
  return [p](double t, const Eigen::VectorXd& q, const Eigen::VectorXd& z, Out& out) {
    p.function(plugin::size(q.size()), q.data(), t, plugin::size(out.rows()), out.data(),
               plugin::size(z.size()), plugin::zData(z));
  };
}
}  // namespace

LagrangianRheonomousR::LagrangianRheonomousR(const std::string& h, const std::string& G,
                                             const std::string& hDot)
    : LagrangianRheonomousR(
          rheonomousPlugin<Eigen::VectorXd>(h),
          G.empty() ? JacobianFunction{} : rheonomousPlugin<Eigen::MatrixXd>(G),
          hDot.empty() ? TimeDerivativeFunction{} : rheonomousPlugin<Eigen::VectorXd>(hDot)) {}

void LagrangianRheonomousR::setComputehFunction(OutputFunction h) {
  if (!h) throw ModelError("LagrangianRheonomousR: the output function h is empty");
  h_ = std::move(h);
}
void LagrangianRheonomousR::setComputehFunction(const std::string& plugin) {
  setComputehFunction(rheonomousPlugin<Eigen::VectorXd>(plugin));
}
void LagrangianRheonomousR::setComputeJachqFunction(JacobianFunction G) { G_ = std::move(G); }
void LagrangianRheonomousR::setComputeJachqFunction(const std::string& plugin) {
  setComputeJachqFunction(rheonomousPlugin<Eigen::MatrixXd>(plugin));
}
void LagrangianRheonomousR::setComputehDotFunction(TimeDerivativeFunction hDot) {
  hDot_ = std::move(hDot);
}
void LagrangianRheonomousR::setComputehDotFunction(const std::string& plugin) {
  setComputehDotFunction(rheonomousPlugin<Eigen::VectorXd>(plugin));
}

void LagrangianRheonomousR::initializeWorkspace(Interaction& inter) {
  if ((!G_ || !hDot_) && !jacobianByFiniteDifferences())
    throw ModelError(std::string(typeName()) + " of " + inter.description() + ": no " +
                     (!G_ ? "Jacobian G = ∇_q h" : "time derivative ∂h/∂t") +
                     " given (pass one, or call setJacobianByFiniteDifferences(true) before link)");
}

void LagrangianRheonomousR::evaluateJacobians(double t, Interaction& inter) {
  RelationWorkspace& ws = inter.workspace();
  const Eigen::Index m = inter.dimension();
  if (!jacobianByFiniteDifferences() && (!G_ || !hDot_))
    throw ModelError(std::string(typeName()) + " of " + inter.description() +
                     ": missing Jacobian or ∂h/∂t and finite differences are not enabled");
  if (G_) {
    G_(t, ws.x, ws.z, ws.C);
    checkOutput(inter, ws.C, m, ws.stateSize, "G", t);
  } else {
    finiteDifference(
        [&](const Eigen::VectorXd& q, Eigen::VectorXd& y) {
          h_(t, q, ws.z, y);
          checkOutput(inter, y, m, "h", t);
        },
        ws.x, ws.yPlus, ws.yMinus, ws.C);
  }
  if (hDot_) {
    hDot_(t, ws.x, ws.z, ws.hDot);
    checkOutput(inter, ws.hDot, m, "hDot", t);
  } else {
    const double dt = finiteDifferenceStep() * std::max(1.0, std::abs(t));
    h_(t + dt, ws.x, ws.z, ws.yPlus);
    checkOutput(inter, ws.yPlus, m, "h", t + dt);
    h_(t - dt, ws.x, ws.z, ws.yMinus);
    checkOutput(inter, ws.yMinus, m, "h", t - dt);
    ws.hDot = (ws.yPlus - ws.yMinus) / (2.0 * dt);
  }
}

void LagrangianRheonomousR::computeJacobians(double t, Interaction& inter) {
  gatherQ(inter);
  gatherZ(inter);
  evaluateJacobians(t, inter);
}

void LagrangianRheonomousR::computeOutput(double t, Interaction& inter, unsigned level) {
  checkLevel(inter, level, 1);
  gatherQ(inter);
  gatherZ(inter);
  RelationWorkspace& ws = inter.workspace();
  if (level == 0) {
    h_(t, ws.x, ws.z, inter.y(0));
    checkOutput(inter, inter.y(0), inter.dimension(), "h", t);
    return;
  }
  evaluateJacobians(t, inter);
  gatherV(inter);
  velocityOutput(inter);
}

}  // namespace moreau
