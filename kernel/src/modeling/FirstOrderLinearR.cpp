#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/FirstOrderLinearR.hpp>
#include <moreau/kernel/modeling/FirstOrderNonLinearDS.hpp>
#include <moreau/kernel/modeling/Interaction.hpp>
#include <moreau/kernel/utils/PluginLoader.hpp>

#include <string>
#include <utility>

namespace moreau {

namespace {
std::string sizeOf(const Eigen::MatrixXd& A) {
  return std::to_string(A.rows()) + "x" + std::to_string(A.cols());
}
void checkFinite(const Eigen::MatrixXd& A, const char* what) {
  if (!A.allFinite())
    throw ModelError(std::string("FirstOrderLinearR: ") + what + " has a non-finite entry");
}
}  // namespace

FirstOrderLinearR::FirstOrderLinearR(const Eigen::MatrixXd& C, const Eigen::MatrixXd& B) {
  if (C.size() == 0 || B.size() == 0)
    throw ModelError("FirstOrderLinearR: C is " + sizeOf(C) + " and B is " + sizeOf(B) +
                     " (both must be non-empty)");
  setCPtr(C);
  setBPtr(B);
}

FirstOrderLinearR::FirstOrderLinearR(MatrixOfTime C, MatrixOfTime B) {
  if (!C || !B) throw ModelError("FirstOrderLinearR: the C(t) or B(t) function is empty");
  Cf_ = std::move(C);
  Bf_ = std::move(B);
}

FirstOrderLinearR::FirstOrderLinearR(const std::string& C, const std::string& B)
    : FirstOrderLinearR(PluginLoader::matrixOfTime(C), PluginLoader::matrixOfTime(B)) {}

FirstOrderLinearR::FirstOrderLinearR(const std::string& C, const std::string& D,
                                     const std::string& F, const std::string& e,
                                     const std::string& B)
    : FirstOrderLinearR(C, B) {
  if (!D.empty()) setComputeDFunction(D);
  if (!F.empty()) setComputeFFunction(F);
  if (!e.empty()) setComputeEFunction(e);
}

void FirstOrderLinearR::setComputeCFunction(const std::string& plugin) {
  setComputeCFunction(PluginLoader::matrixOfTime(plugin));
}
void FirstOrderLinearR::setComputeDFunction(const std::string& plugin) {
  setComputeDFunction(PluginLoader::matrixOfTime(plugin));
}
void FirstOrderLinearR::setComputeFFunction(const std::string& plugin) {
  setComputeFFunction(PluginLoader::matrixOfTime(plugin));
}
void FirstOrderLinearR::setComputeEFunction(const std::string& plugin) {
  setComputeEFunction(PluginLoader::vectorOfTime(plugin));
}
void FirstOrderLinearR::setComputeBFunction(const std::string& plugin) {
  setComputeBFunction(PluginLoader::matrixOfTime(plugin));
}

Eigen::Index FirstOrderLinearR::outputSize() const {
  if (!Cf_ && C_.size() != 0) return C_.rows();
  if (!Bf_ && B_.size() != 0) return B_.cols();
  return 0;
}

Eigen::Index FirstOrderLinearR::inputSize() const {
  return (!Cf_ && C_.size() != 0) ? C_.cols() : 0;
}

bool FirstOrderLinearR::hasConstantJacobians() const {
  return !Cf_ && !Df_ && !Ff_ && !Bf_ && !ef_;
}

void FirstOrderLinearR::setCPtr(const Eigen::MatrixXd& C) {
  checkFinite(C, "C");
  C_ = C;
  Cf_ = nullptr;
}
void FirstOrderLinearR::setDPtr(const Eigen::MatrixXd& D) {
  checkFinite(D, "D");
  D_ = D;
  Df_ = nullptr;
  hasD_ = D.size() != 0;
}
void FirstOrderLinearR::setFPtr(const Eigen::MatrixXd& F) {
  checkFinite(F, "F");
  F_ = F;
  Ff_ = nullptr;
  hasF_ = F.size() != 0;
}
void FirstOrderLinearR::setePtr(const Eigen::VectorXd& e) {
  checkFinite(e, "e");
  e_ = e;
  ef_ = nullptr;
  hasE_ = e.size() != 0;
}
void FirstOrderLinearR::setBPtr(const Eigen::MatrixXd& B) {
  checkFinite(B, "B");
  B_ = B;
  Bf_ = nullptr;
}
void FirstOrderLinearR::setComputeCFunction(MatrixOfTime C) {
  if (!C) throw ModelError("FirstOrderLinearR: empty C(t) function");
  Cf_ = std::move(C);
  C_.resize(0, 0);
}
void FirstOrderLinearR::setComputeDFunction(MatrixOfTime D) {
  Df_ = std::move(D);
  D_.resize(0, 0);
  hasD_ = static_cast<bool>(Df_);
}
void FirstOrderLinearR::setComputeFFunction(MatrixOfTime F) {
  Ff_ = std::move(F);
  F_.resize(0, 0);
  hasF_ = static_cast<bool>(Ff_);
}
void FirstOrderLinearR::setComputeEFunction(VectorOfTime e) {
  ef_ = std::move(e);
  e_.resize(0);
  hasE_ = static_cast<bool>(ef_);
}
void FirstOrderLinearR::setComputeBFunction(MatrixOfTime B) {
  if (!B) throw ModelError("FirstOrderLinearR: empty B(t) function");
  Bf_ = std::move(B);
  B_.resize(0, 0);
}

void FirstOrderLinearR::initializeWorkspace(Interaction& inter) {
  RelationWorkspace& ws = inter.workspace();
  const Eigen::Index m = inter.dimension(), N = ws.stateSize, Nz = ws.zSize;
  auto check = [&](const Eigen::MatrixXd& A, Eigen::Index rows, Eigen::Index cols, const char* what,
                   const char* meaning) {
    if (A.rows() != rows || A.cols() != cols)
      throw ModelError(inter.description() + ": " + typeName() + " " + what + " is " + sizeOf(A) +
                       ", expected " + std::to_string(rows) + "x" + std::to_string(cols) + " (" +
                       meaning + ")");
  };
  if (!Cf_) check(C_, m, N, "C", "interaction size x total dimension of the linked systems");
  if (!Bf_) check(B_, N, m, "B", "total dimension of the linked systems x interaction size");
  if (hasD_ && !Df_) check(D_, m, m, "D", "interaction size x interaction size");
  if (hasF_ && !Ff_) check(F_, m, Nz, "F", "interaction size x total size of the systems' z");
  if (hasE_ && !ef_) check(e_, m, 1, "e", "interaction size");
  ws.e = Eigen::VectorXd::Zero(m);
  ws.F = Eigen::MatrixXd::Zero(m, Nz);
  if (!Cf_) ws.C = C_;
  if (!Bf_) ws.B = B_;
  if (hasD_ && !Df_) ws.D = D_;
  if (hasF_ && !Ff_) ws.F = F_;
  if (hasE_ && !ef_) ws.e = e_;
}

void FirstOrderLinearR::evaluate(double t, Interaction& inter) {
  RelationWorkspace& ws = inter.workspace();
  const Eigen::Index m = inter.dimension(), N = ws.stateSize;
  if (Cf_) {
    Cf_(t, ws.z, ws.C);
    checkOutput(inter, ws.C, m, N, "C", t);
  }
  if (Df_) {
    Df_(t, ws.z, ws.D);
    checkOutput(inter, ws.D, m, m, "D", t);
  }
  if (Ff_) {
    Ff_(t, ws.z, ws.F);
    checkOutput(inter, ws.F, m, ws.zSize, "F", t);
  }
  if (ef_) {
    ef_(t, ws.z, ws.e);
    checkOutput(inter, ws.e, m, "e", t);
  }
  if (Bf_) {
    Bf_(t, ws.z, ws.B);
    checkOutput(inter, ws.B, N, m, "B", t);
  }
}

void FirstOrderLinearR::computeJacobians(double t, Interaction& inter) {
  if (hasConstantJacobians()) return;
  gatherZ(inter);
  evaluate(t, inter);
}

void FirstOrderLinearR::computeOutput(double t, Interaction& inter, unsigned level) {
  checkLevel(inter, level, 0);
  if (hasF_ || !hasConstantJacobians()) gatherZ(inter);
  if (!hasConstantJacobians()) evaluate(t, inter);
  const RelationWorkspace& ws = inter.workspace();
  Eigen::VectorXd& y = inter.y(0);
  if (hasE_)
    y = ws.e;
  else
    y.setZero();
  for (std::size_t i = 0; i < ws.offsets.size(); ++i)
    y.noalias() += ws.C.middleCols(ws.offsets[i], ws.sizes[i]) * linkedDS(inter, i).x();
  if (hasD_) y.noalias() += ws.D * inter.lambda(0);
  if (hasF_) y.noalias() += ws.F * ws.z;
}

void FirstOrderLinearR::computeInput(double t, Interaction& inter, unsigned level) {
  checkLevel(inter, level, 0);
  if (!hasConstantJacobians()) {
    gatherZ(inter);
    evaluate(t, inter);
  }
  const RelationWorkspace& ws = inter.workspace();
  for (std::size_t i = 0; i < ws.offsets.size(); ++i)
    linkedDS(inter, i).r(0).noalias() +=
        ws.B.middleRows(ws.offsets[i], ws.sizes[i]) * inter.lambda(0);
}

}  // namespace moreau
