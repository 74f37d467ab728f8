#include <moreau/kernel/modeling/FirstOrderType1R.hpp>

#include <utility>

namespace moreau {

FirstOrderType1R::FirstOrderType1R(OutputFunction h, InputFunction g, JacobianXFunction jachx,
                                   JacobianLambdaFunction jacglambda) {
  VectorFunction hh, gg;
  MatrixFunction C, B;
  if (h)
    hh = [h = std::move(h)](double t, const Eigen::VectorXd& x, const Eigen::VectorXd&,
                            const Eigen::VectorXd& z, Eigen::VectorXd& y) { h(t, x, z, y); };
  if (g)
    gg = [g = std::move(g)](double t, const Eigen::VectorXd&, const Eigen::VectorXd& lambda,
                            const Eigen::VectorXd& z, Eigen::VectorXd& r) { g(t, lambda, z, r); };
  if (jachx)
    C = [f = std::move(jachx)](double t, const Eigen::VectorXd& x, const Eigen::VectorXd&,
                               const Eigen::VectorXd& z, Eigen::MatrixXd& out) { f(t, x, z, out); };
  if (jacglambda)
    B = [f = std::move(jacglambda)](double t, const Eigen::VectorXd&, const Eigen::VectorXd& lambda,
                                    const Eigen::VectorXd& z,
                                    Eigen::MatrixXd& out) { f(t, lambda, z, out); };
  setFunctions(std::move(hh), std::move(gg), false, false, std::move(C), {}, std::move(B), {});
}

}  // namespace moreau
