#include <moreau/kernel/modeling/FirstOrderNonLinearR.hpp>
#include <moreau/kernel/utils/PluginLoader.hpp>

#include <utility>

namespace moreau {

namespace {
// (time, sizeOfx, x, sizeOfLambda, λ, out, sizeZ, z) for all six functions.
template <class Out>
std::function<void(double, const Eigen::VectorXd&, const Eigen::VectorXd&, const Eigen::VectorXd&,
                   Out&)>
nonLinearPlugin(const std::string& spec) {
  auto p = PluginLoader::load<plugin::NonLinearROutput>(spec);
  return [p](double t, const Eigen::VectorXd& x, const Eigen::VectorXd& lambda,
             const Eigen::VectorXd& z, Out& out) {
    p.function(t, plugin::size(x.size()), x.data(), plugin::size(lambda.size()), lambda.data(),
               out.data(), plugin::size(z.size()), plugin::zData(z));
  };
}
// Constructor argument: an empty string means "not given".
template <class Out>
auto optionalPlugin(const std::string& spec) {
  return spec.empty() ? decltype(nonLinearPlugin<Out>(spec)){} : nonLinearPlugin<Out>(spec);
}
}  // namespace

FirstOrderNonLinearR::FirstOrderNonLinearR(VectorFunction h, VectorFunction g, MatrixFunction jachx,
                                           MatrixFunction jachlambda, MatrixFunction jacgx,
                                           MatrixFunction jacglambda) {
  setFunctions(std::move(h), std::move(g), true, true, std::move(jachx), std::move(jachlambda),
               std::move(jacglambda), std::move(jacgx));
}

FirstOrderNonLinearR::FirstOrderNonLinearR(const std::string& h, const std::string& g,
                                           const std::string& jachx, const std::string& jachlambda,
                                           const std::string& jacgx, const std::string& jacglambda)
    : FirstOrderNonLinearR(
          nonLinearPlugin<Eigen::VectorXd>(h), nonLinearPlugin<Eigen::VectorXd>(g),
          optionalPlugin<Eigen::MatrixXd>(jachx), optionalPlugin<Eigen::MatrixXd>(jachlambda),
          optionalPlugin<Eigen::MatrixXd>(jacgx), optionalPlugin<Eigen::MatrixXd>(jacglambda)) {}

void FirstOrderNonLinearR::setComputehFunction(VectorFunction h) {
  setOutputFunction(std::move(h));
}
void FirstOrderNonLinearR::setComputehFunction(const std::string& plugin) {
  setOutputFunction(nonLinearPlugin<Eigen::VectorXd>(plugin));
}
void FirstOrderNonLinearR::setComputegFunction(VectorFunction g) { setInputFunction(std::move(g)); }
void FirstOrderNonLinearR::setComputegFunction(const std::string& plugin) {
  setInputFunction(nonLinearPlugin<Eigen::VectorXd>(plugin));
}
void FirstOrderNonLinearR::setComputeJachxFunction(MatrixFunction jachx) {
  setJacobianFunction(Jacobian::C, std::move(jachx));
}
void FirstOrderNonLinearR::setComputeJachxFunction(const std::string& plugin) {
  setJacobianFunction(Jacobian::C, nonLinearPlugin<Eigen::MatrixXd>(plugin));
}
void FirstOrderNonLinearR::setComputeJachlambdaFunction(MatrixFunction jachlambda) {
  setJacobianFunction(Jacobian::D, std::move(jachlambda));
}
void FirstOrderNonLinearR::setComputeJachlambdaFunction(const std::string& plugin) {
  setJacobianFunction(Jacobian::D, nonLinearPlugin<Eigen::MatrixXd>(plugin));
}
void FirstOrderNonLinearR::setComputeJacgxFunction(MatrixFunction jacgx) {
  setJacobianFunction(Jacobian::K, std::move(jacgx));
}
void FirstOrderNonLinearR::setComputeJacgxFunction(const std::string& plugin) {
  setJacobianFunction(Jacobian::K, nonLinearPlugin<Eigen::MatrixXd>(plugin));
}
void FirstOrderNonLinearR::setComputeJacglambdaFunction(MatrixFunction jacglambda) {
  setJacobianFunction(Jacobian::B, std::move(jacglambda));
}
void FirstOrderNonLinearR::setComputeJacglambdaFunction(const std::string& plugin) {
  setJacobianFunction(Jacobian::B, nonLinearPlugin<Eigen::MatrixXd>(plugin));
}

}  // namespace moreau
