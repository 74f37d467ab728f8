#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/Interaction.hpp>
#include <moreau/kernel/modeling/LagrangianScleronomousR.hpp>
#include <moreau/kernel/utils/PluginLoader.hpp>

#include <string>
#include <utility>

namespace moreau {

LagrangianScleronomousR::LagrangianScleronomousR(OutputFunction h, JacobianFunction G)
    : h_(std::move(h)), G_(std::move(G)) {
  if (!h_) throw ModelError("LagrangianScleronomousR: the output function h is empty");
}

namespace {
LagrangianScleronomousR::OutputFunction hPlugin(const std::string& spec) {
  auto p = PluginLoader::load<plugin::StateOutput>(spec);
  return [p](const Eigen::VectorXd& q, const Eigen::VectorXd& z, Eigen::VectorXd& y) {
    p.function(plugin::size(q.size()), q.data(), plugin::size(y.size()), y.data(),
               plugin::size(z.size()), plugin::zData(z));
  };
}
LagrangianScleronomousR::JacobianFunction GPlugin(const std::string& spec) {
  auto p = PluginLoader::load<plugin::StateOutput>(spec);
  return [p](const Eigen::VectorXd& q, const Eigen::VectorXd& z, Eigen::MatrixXd& G) {
    p.function(plugin::size(q.size()), q.data(), plugin::size(G.rows()), G.data(),
               plugin::size(z.size()), plugin::zData(z));
  };
}
LagrangianScleronomousR::DotJacobianFunction dotGPlugin(const std::string& spec) {
  auto p = PluginLoader::load<plugin::TwoVectorsOutput>(spec);
  return [p](const Eigen::VectorXd& q, const Eigen::VectorXd& v, const Eigen::VectorXd& z,
             Eigen::MatrixXd& dotG) {
    p.function(plugin::size(q.size()), q.data(), plugin::size(v.size()), v.data(), dotG.data(),
               plugin::size(z.size()), plugin::zData(z));
  };
}
}  // namespace

LagrangianScleronomousR::LagrangianScleronomousR(const std::string& h, const std::string& G,
                                                 const std::string& dotG)
    : LagrangianScleronomousR(hPlugin(h), G.empty() ? JacobianFunction{} : GPlugin(G)) {
  if (!dotG.empty()) dotG_ = dotGPlugin(dotG);
}

void LagrangianScleronomousR::setComputehFunction(OutputFunction h) {
  if (!h) throw ModelError("LagrangianScleronomousR: the output function h is empty");
  h_ = std::move(h);
}
void LagrangianScleronomousR::setComputehFunction(const std::string& plugin) {
  setComputehFunction(hPlugin(plugin));
}
void LagrangianScleronomousR::setComputeJachqFunction(JacobianFunction G) { G_ = std::move(G); }
void LagrangianScleronomousR::setComputeJachqFunction(const std::string& plugin) {
  setComputeJachqFunction(GPlugin(plugin));
}
void LagrangianScleronomousR::setComputeDotJachqFunction(DotJacobianFunction dotG) {
  dotG_ = std::move(dotG);
}
void LagrangianScleronomousR::setComputeDotJachqFunction(const std::string& plugin) {
  setComputeDotJachqFunction(dotGPlugin(plugin));
}

void LagrangianScleronomousR::computeDotJachq(double t, Interaction& inter,
                                              Eigen::MatrixXd& dotG) const {
  if (!dotG_)
    throw ModelError(std::string(typeName()) + " of " + inter.description() +
                     ": no Ġ (dotJachq) function given");
  gatherQ(inter);
  gatherV(inter);
  gatherZ(inter);
  RelationWorkspace& ws = inter.workspace();
  dotG.resize(inter.dimension(), ws.stateSize);
  dotG_(ws.x, ws.v, ws.z, dotG);
  checkOutput(inter, dotG, inter.dimension(), ws.stateSize, "dotG", t);
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
