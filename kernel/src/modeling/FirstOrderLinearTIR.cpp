#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/FirstOrderLinearTIR.hpp>

namespace moreau {

namespace {
[[noreturn]] void timeInvariant(const char* what) {
  throw ModelError(std::string("FirstOrderLinearTIR: ") + what +
                   " cannot be a function of time (use FirstOrderLinearR)");
}
}  // namespace

FirstOrderLinearTIR::FirstOrderLinearTIR(const Eigen::MatrixXd& C, const Eigen::MatrixXd& B)
    : FirstOrderLinearR(C, B) {}

FirstOrderLinearTIR::FirstOrderLinearTIR(const Eigen::MatrixXd& C, const Eigen::MatrixXd& D,
                                         const Eigen::MatrixXd& F, const Eigen::VectorXd& e,
                                         const Eigen::MatrixXd& B)
    : FirstOrderLinearR(C, B) {
  if (D.size() != 0) setDPtr(D);
  if (F.size() != 0) setFPtr(F);
  if (e.size() != 0) setePtr(e);
}

void FirstOrderLinearTIR::setComputeCFunction(MatrixOfTime) { timeInvariant("C"); }
void FirstOrderLinearTIR::setComputeDFunction(MatrixOfTime) { timeInvariant("D"); }
void FirstOrderLinearTIR::setComputeFFunction(MatrixOfTime) { timeInvariant("F"); }
void FirstOrderLinearTIR::setComputeEFunction(VectorOfTime) { timeInvariant("e"); }
void FirstOrderLinearTIR::setComputeBFunction(MatrixOfTime) { timeInvariant("B"); }

}  // namespace moreau
