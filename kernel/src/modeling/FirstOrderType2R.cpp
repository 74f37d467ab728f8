#include <moreau/kernel/modeling/FirstOrderType2R.hpp>
#include <moreau/kernel/utils/PluginLoader.hpp>

#include <utility>

namespace moreau {

namespace {
// g and B = ∇_λg in the general (t, x, λ, z, out) form of FirstOrderR.
FirstOrderR::VectorFunction ofLambda(FirstOrderType2R::InputFunction g) {
  if (!g) return {};
  return [g = std::move(g)](double t, const Eigen::VectorXd&, const Eigen::VectorXd& lambda,
                            const Eigen::VectorXd& z, Eigen::VectorXd& r) { g(t, lambda, z, r); };
}
FirstOrderR::MatrixFunction ofLambda(FirstOrderType2R::JacobianGFunction f) {
  if (!f) return {};
  return
      [f = std::move(f)](double t, const Eigen::VectorXd&, const Eigen::VectorXd& lambda,
                         const Eigen::VectorXd& z, Eigen::MatrixXd& out) { f(t, lambda, z, out); };
}

// h(sizeOfx, x, sizeOfLambda, λ, rowsOfOut, out): h, C and D.
template <class Out>
std::function<void(double, const Eigen::VectorXd&, const Eigen::VectorXd&, const Eigen::VectorXd&,
                   Out&)>
hPlugin(const std::string& spec) {
  auto p = PluginLoader::load<plugin::Type2Output>(spec);
  return [p](double, const Eigen::VectorXd& x, const Eigen::VectorXd& lambda,
             const Eigen::VectorXd&, Out& out) {
    p.function(plugin::size(x.size()), x.data(), plugin::size(lambda.size()), lambda.data(),
               plugin::size(out.rows()), out.data());
  };
}
// g(sizeOfLambda, λ, rowsOfOut, out): g and B.
template <class Out>
std::function<void(double, const Eigen::VectorXd&, const Eigen::VectorXd&, Out&)> gPlugin(
    const std::string& spec) {
  auto p = PluginLoader::load<plugin::Type2Input>(spec);
  return [p](double, const Eigen::VectorXd& lambda, const Eigen::VectorXd&, Out& out) {
    p.function(plugin::size(lambda.size()), lambda.data(), plugin::size(out.rows()), out.data());
  };
}
}  // namespace

FirstOrderType2R::FirstOrderType2R(OutputFunction h, InputFunction g, JacobianHFunction jachx,
                                   JacobianHFunction jachlambda, JacobianGFunction jacglambda) {
  setFunctions(std::move(h), ofLambda(std::move(g)), true, false, std::move(jachx),
               std::move(jachlambda), ofLambda(std::move(jacglambda)), {});
}

FirstOrderType2R::FirstOrderType2R(const std::string& h, const std::string& g,
                                   const std::string& jachx, const std::string& jacglambda)
    : FirstOrderType2R(
          hPlugin<Eigen::VectorXd>(h), gPlugin<Eigen::VectorXd>(g),
          jachx.empty() ? JacobianHFunction{} : hPlugin<Eigen::MatrixXd>(jachx), {},
          jacglambda.empty() ? JacobianGFunction{} : gPlugin<Eigen::MatrixXd>(jacglambda)) {}

void FirstOrderType2R::setComputehFunction(OutputFunction h) { setOutputFunction(std::move(h)); }
void FirstOrderType2R::setComputehFunction(const std::string& plugin) {
  setComputehFunction(hPlugin<Eigen::VectorXd>(plugin));
}
void FirstOrderType2R::setComputegFunction(InputFunction g) {
  setInputFunction(ofLambda(std::move(g)));
}
void FirstOrderType2R::setComputegFunction(const std::string& plugin) {
  setComputegFunction(gPlugin<Eigen::VectorXd>(plugin));
}
void FirstOrderType2R::setComputeJachxFunction(JacobianHFunction jachx) {
  setJacobianFunction(Jacobian::C, std::move(jachx));
}
void FirstOrderType2R::setComputeJachxFunction(const std::string& plugin) {
  setComputeJachxFunction(hPlugin<Eigen::MatrixXd>(plugin));
}
void FirstOrderType2R::setComputeJachlambdaFunction(JacobianHFunction jachlambda) {
  setJacobianFunction(Jacobian::D, std::move(jachlambda));
}
void FirstOrderType2R::setComputeJachlambdaFunction(const std::string& plugin) {
  setComputeJachlambdaFunction(hPlugin<Eigen::MatrixXd>(plugin));
}
void FirstOrderType2R::setComputeJacglambdaFunction(JacobianGFunction jacglambda) {
  setJacobianFunction(Jacobian::B, ofLambda(std::move(jacglambda)));
}
void FirstOrderType2R::setComputeJacglambdaFunction(const std::string& plugin) {
  setComputeJacglambdaFunction(gPlugin<Eigen::MatrixXd>(plugin));
}

}  // namespace moreau
