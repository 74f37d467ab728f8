#include <moreau/kernel/modeling/FirstOrderType1R.hpp>
#include <moreau/kernel/utils/PluginLoader.hpp>

#include <utility>

namespace moreau {

namespace {
// The Type1R functions in the general (t, x, λ, z, out) form of FirstOrderR.
FirstOrderR::VectorFunction ofX(FirstOrderType1R::OutputFunction h) {
  if (!h) return {};
  return [h = std::move(h)](double t, const Eigen::VectorXd& x, const Eigen::VectorXd&,
                            const Eigen::VectorXd& z, Eigen::VectorXd& y) { h(t, x, z, y); };
}
FirstOrderR::VectorFunction ofLambda(FirstOrderType1R::InputFunction g) {
  if (!g) return {};
  return [g = std::move(g)](double t, const Eigen::VectorXd&, const Eigen::VectorXd& lambda,
                            const Eigen::VectorXd& z, Eigen::VectorXd& r) { g(t, lambda, z, r); };
}
FirstOrderR::MatrixFunction ofX(FirstOrderType1R::JacobianXFunction f) {
  if (!f) return {};
  return [f = std::move(f)](double t, const Eigen::VectorXd& x, const Eigen::VectorXd&,
                            const Eigen::VectorXd& z, Eigen::MatrixXd& out) { f(t, x, z, out); };
}
FirstOrderR::MatrixFunction ofLambda(FirstOrderType1R::JacobianLambdaFunction f) {
  if (!f) return {};
  return
      [f = std::move(f)](double t, const Eigen::VectorXd&, const Eigen::VectorXd& lambda,
                         const Eigen::VectorXd& z, Eigen::MatrixXd& out) { f(t, lambda, z, out); };
}

// Plug-in (sizeOfu, u, rowsOfOut, out, sizeZ, z), u = x or λ; no time.
template <class Out>
std::function<void(double, const Eigen::VectorXd&, const Eigen::VectorXd&, Out&)> type1Plugin(
    const std::string& spec) {
  auto p = PluginLoader::load<plugin::StateOutput>(spec);
  return [p](double, const Eigen::VectorXd& u, const Eigen::VectorXd& z, Out& out) {
    p.function(plugin::size(u.size()), u.data(), plugin::size(out.rows()), out.data(),
               plugin::size(z.size()), plugin::zData(z));
  };
}
}  // namespace

FirstOrderType1R::FirstOrderType1R(OutputFunction h, InputFunction g, JacobianXFunction jachx,
                                   JacobianLambdaFunction jacglambda) {
  setFunctions(ofX(std::move(h)), ofLambda(std::move(g)), false, false, ofX(std::move(jachx)), {},
               ofLambda(std::move(jacglambda)), {});
}

FirstOrderType1R::FirstOrderType1R(const std::string& h, const std::string& g,
                                   const std::string& jachx, const std::string& jacglambda)
    : FirstOrderType1R(type1Plugin<Eigen::VectorXd>(h), type1Plugin<Eigen::VectorXd>(g),
                       jachx.empty() ? JacobianXFunction{} : type1Plugin<Eigen::MatrixXd>(jachx),
                       jacglambda.empty() ? JacobianLambdaFunction{}
                                          : type1Plugin<Eigen::MatrixXd>(jacglambda)) {}

void FirstOrderType1R::setComputehFunction(OutputFunction h) {
  setOutputFunction(ofX(std::move(h)));
}
void FirstOrderType1R::setComputehFunction(const std::string& plugin) {
  setComputehFunction(type1Plugin<Eigen::VectorXd>(plugin));
}
void FirstOrderType1R::setComputegFunction(InputFunction g) {
  setInputFunction(ofLambda(std::move(g)));
}
void FirstOrderType1R::setComputegFunction(const std::string& plugin) {
  setComputegFunction(type1Plugin<Eigen::VectorXd>(plugin));
}
void FirstOrderType1R::setComputeJachxFunction(JacobianXFunction jachx) {
  setJacobianFunction(Jacobian::C, ofX(std::move(jachx)));
}
void FirstOrderType1R::setComputeJachxFunction(const std::string& plugin) {
  setComputeJachxFunction(type1Plugin<Eigen::MatrixXd>(plugin));
}
void FirstOrderType1R::setComputeJacglambdaFunction(JacobianLambdaFunction jacglambda) {
  setJacobianFunction(Jacobian::B, ofLambda(std::move(jacglambda)));
}
void FirstOrderType1R::setComputeJacglambdaFunction(const std::string& plugin) {
  setComputeJacglambdaFunction(type1Plugin<Eigen::MatrixXd>(plugin));
}

}  // namespace moreau
