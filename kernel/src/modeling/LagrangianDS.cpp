#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/LagrangianDS.hpp>

#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>

namespace moreau {

namespace {
std::string sizeOf(const Eigen::MatrixXd& A) {
  return std::to_string(A.rows()) + "x" + std::to_string(A.cols());
}
}  // namespace

LagrangianDS::LagrangianDS(const Eigen::VectorXd& q0, const Eigen::VectorXd& v0,
                           const Eigen::MatrixXd& M)
    : q0_(q0), v0_(v0), q_(q0), v_(v0), qMemory_(q0), vMemory_(v0), mass_(M) {
  const Eigen::Index n = q0.size();
  if (n == 0) throw ModelError("LagrangianDS: q0 is empty (ndof must be >= 1)");
  if (v0.size() != n)
    throw ModelError("LagrangianDS: q0 has size " + std::to_string(n) + " but v0 has size " +
                     std::to_string(v0.size()));
  if (M.rows() != n || M.cols() != n)
    throw ModelError("LagrangianDS: the mass matrix is " + sizeOf(M) + " but q0 has size " +
                     std::to_string(n) + " (expected " + std::to_string(n) + "x" +
                     std::to_string(n) + ")");
  if (!q0.allFinite() || !v0.allFinite())
    throw ModelError("LagrangianDS: q0 or v0 has a non-finite entry");
  if (!M.allFinite()) throw ModelError("LagrangianDS: the mass matrix has a non-finite entry");
  const double scale = M.cwiseAbs().maxCoeff();
  if ((M - M.transpose()).cwiseAbs().maxCoeff() > 1e-12 * scale) {
    std::ostringstream os;
    os << "LagrangianDS: the mass matrix (" << sizeOf(M)
       << ") is not symmetric (max |M - M^T| = " << (M - M.transpose()).cwiseAbs().maxCoeff()
       << ")";
    throw ModelError(os.str());
  }
  for (auto& p : p_) p = Eigen::VectorXd::Zero(n);
  fExt_ = Eigen::VectorXd::Zero(n);
}

const Eigen::VectorXd& LagrangianDS::p(unsigned level) const {
  if (level >= p_.size())
    throw std::out_of_range(description() + ": p level " + std::to_string(level) +
                            " out of range [0, 2]");
  return p_[level];
}

Eigen::VectorXd& LagrangianDS::p(unsigned level) {
  return const_cast<Eigen::VectorXd&>(static_cast<const LagrangianDS&>(*this).p(level));
}

void LagrangianDS::setFExtPtr(const Eigen::VectorXd& fExt) {
  if (fExt.size() != ndof())
    throw ModelError(description() + ": external force of size " + std::to_string(fExt.size()) +
                     ", expected ndof = " + std::to_string(ndof()));
  if (!fExt.allFinite()) throw ModelError(description() + ": external force is not finite");
  fExtFunction_ = nullptr;
  fExt_ = fExt;
}

void LagrangianDS::setComputeFExtFunction(FExtFunction function) {
  fExtFunction_ = std::move(function);
  if (!fExtFunction_) fExt_.setZero();
}

void LagrangianDS::computeFExt(double t) {
  if (!fExtFunction_) return;
  fExtFunction_(t, fExt_);
  if (fExt_.size() != ndof()) {
    const Eigen::Index got = fExt_.size();
    fExt_ = Eigen::VectorXd::Zero(ndof());
    std::ostringstream os;
    os << description() << ": the external-force function resized fExt to " << got
       << " at t = " << t << " (expected ndof = " << ndof() << ")";
    throw ModelError(os.str());
  }
  if (!fExt_.allFinite()) {
    std::ostringstream os;
    os << description() << ": the external-force function returned a non-finite value at t = " << t;
    throw ModelError(os.str());
  }
}

void LagrangianDS::swapInMemory() {
  qMemory_ = q_;
  vMemory_ = v_;
}

void LagrangianDS::checkSquareMatrix(const Eigen::MatrixXd& A, const char* what) const {
  if (A.rows() != ndof() || A.cols() != ndof())
    throw ModelError(description() + ": " + what + " is " + sizeOf(A) + ", expected " +
                     std::to_string(ndof()) + "x" + std::to_string(ndof()));
  if (!A.allFinite()) throw ModelError(description() + ": " + what + " has a non-finite entry");
}

}  // namespace moreau
