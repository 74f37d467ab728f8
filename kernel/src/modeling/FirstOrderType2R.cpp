#include <moreau/kernel/modeling/FirstOrderType2R.hpp>

#include <utility>

namespace moreau {

FirstOrderType2R::FirstOrderType2R(OutputFunction h, InputFunction g, JacobianHFunction jachx,
                                   JacobianHFunction jachlambda, JacobianGFunction jacglambda) {
  VectorFunction gg;
  MatrixFunction B;
  if (g)
    gg = [g = std::move(g)](double t, const Eigen::VectorXd&, const Eigen::VectorXd& lambda,
                            const Eigen::VectorXd& z, Eigen::VectorXd& r) { g(t, lambda, z, r); };
  if (jacglambda)
    B = [f = std::move(jacglambda)](double t, const Eigen::VectorXd&, const Eigen::VectorXd& lambda,
                                    const Eigen::VectorXd& z,
                                    Eigen::MatrixXd& out) { f(t, lambda, z, out); };
  setFunctions(std::move(h), std::move(gg), true, false, std::move(jachx), std::move(jachlambda),
               std::move(B), {});
}

}  // namespace moreau
