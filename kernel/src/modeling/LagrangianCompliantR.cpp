#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/Interaction.hpp>
#include <moreau/kernel/modeling/LagrangianCompliantR.hpp>
#include <moreau/kernel/utils/PluginLoader.hpp>

#include <string>
#include <utility>

namespace moreau {

LagrangianCompliantR::LagrangianCompliantR(OutputFunction h, JacobianFunction G0,
                                           JacobianFunction G1)
    : h_(std::move(h)), G0_(std::move(G0)), G1_(std::move(G1)) {
  if (!h_) throw ModelError("LagrangianCompliantR: the output function h is empty");
}

namespace {
// h (vector output), G0 and G1 (matrix outputs): the same C signature.
template <class Out>
std::function<void(const Eigen::VectorXd&, const Eigen::VectorXd&, const Eigen::VectorXd&, Out&)>
compliantPlugin(const std::string& spec) {
  auto p = PluginLoader::load<plugin::TwoVectorsOutput>(spec);
  return [p](const Eigen::VectorXd& q, const Eigen::VectorXd& lambda, const Eigen::VectorXd& z,
             Out& out) {
    p.function(plugin::size(q.size()), q.data(), plugin::size(lambda.size()), lambda.data(),
               out.data(), plugin::size(z.size()), plugin::zData(z));
  };
}
}  // namespace

LagrangianCompliantR::LagrangianCompliantR(const std::string& h, const std::string& G0,
                                           const std::string& G1)
    : LagrangianCompliantR(compliantPlugin<Eigen::VectorXd>(h),
                           G0.empty() ? JacobianFunction{} : compliantPlugin<Eigen::MatrixXd>(G0),
                           G1.empty() ? JacobianFunction{} : compliantPlugin<Eigen::MatrixXd>(G1)) {
}

void LagrangianCompliantR::setComputehFunction(OutputFunction h) {
  if (!h) throw ModelError("LagrangianCompliantR: the output function h is empty");
  h_ = std::move(h);
}
void LagrangianCompliantR::setComputehFunction(const std::string& plugin) {
  setComputehFunction(compliantPlugin<Eigen::VectorXd>(plugin));
}
void LagrangianCompliantR::setComputeJachqFunction(JacobianFunction G0) { G0_ = std::move(G0); }
void LagrangianCompliantR::setComputeJachqFunction(const std::string& plugin) {
  setComputeJachqFunction(compliantPlugin<Eigen::MatrixXd>(plugin));
}
void LagrangianCompliantR::setComputeJachlambdaFunction(JacobianFunction G1) {
  G1_ = std::move(G1);
}
void LagrangianCompliantR::setComputeJachlambdaFunction(const std::string& plugin) {
  setComputeJachlambdaFunction(compliantPlugin<Eigen::MatrixXd>(plugin));
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
