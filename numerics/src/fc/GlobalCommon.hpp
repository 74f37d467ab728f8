#pragma once
// Internal building blocks of the global friction-contact solvers
// (fc/GlobalSolvers.hpp): W as D×D blocks, the Siconos error from (r, u), the
// generalized Jacobian J = B + A (W + σ I) with a fixed pattern and its
// factorization, projected Gauss–Seidel sweeps, a few small helpers. Not
// installed; used by GlobalNewton.cpp, GlobalProjection.cpp, GlobalAdmm.cpp.

#include <moreau/numerics/SolverOptions.hpp>
#include <moreau/numerics/SolverResult.hpp>
#include <moreau/numerics/fc/FrictionContactProblem.hpp>
#include <moreau/numerics/fc/LocalContact.hpp>
#include <moreau/numerics/linalg/SparseBlockMatrix.hpp>
#include <moreau/numerics/linalg/SparseLinearSolver.hpp>

#include <Eigen/Dense>
#include <Eigen/SparseCore>
#include <memory>
#include <string>
#include <vector>

namespace moreau::numerics::fcglobal {

using Index = Eigen::Index;

/// W seen as D×D blocks (the problem's SparseBlock storage when it already has
/// that structure, otherwise one converted copy per call).
class BlockedW {
 public:
  BlockedW(const FrictionContactProblem& problem);
  const SparseBlockMatrix& W() const { return *W_; }
  /// Diagonal block of contact i (zero when not stored).
  template <int D>
  FcMatrix<D> diagonalBlock(Index i) const {
    const Index k = W_->diagonalBlock(i);
    if (k < 0) return FcMatrix<D>::Zero();
    return Eigen::Map<const FcMatrix<D>>(W_->values().data() + W_->blockOffset(k));
  }
  /// y = W x (y preallocated).
  void multiply(const Eigen::VectorXd& x, Eigen::VectorXd& y) const { W_->multiply(x, y); }
  /// Mean of |diag W| (>= tiny).
  double meanDiagonal() const;

 private:
  const SparseBlockMatrix* W_ = nullptr;
  SparseBlockMatrix owned_;
};

/// Siconos error of (r, u) for the data (q, mu) with u given (not recomputed):
/// sqrt(Σ contactErrorSquared) / max(‖q‖, ‖r‖, ‖u‖) (division when > DBL_EPSILON).
template <int D>
double siconosError(const Eigen::VectorXd& r, const Eigen::VectorXd& u, const Eigen::VectorXd& mu,
                    double normQ);

/// y_i = P_{K_μi}(x_i) for every contact.
template <int D>
void projectAll(const Eigen::VectorXd& x, const Eigen::VectorXd& mu, Eigen::VectorXd& y);

/// ũ = u + μ‖u_T‖ e_N for every contact.
template <int D>
void deSaxceAll(const Eigen::VectorXd& u, const Eigen::VectorXd& mu, Eigen::VectorXd& ut);

/// Linear solver choice from options.fcLinearSolver and the problem.
struct LinearChoice {
  bool dense = false;
  SparseSolverKind kind = SparseSolverKind::Umfpack;
};
LinearChoice chooseLinearSolver(const SolverOptions& options,
                                const FrictionContactProblem& problem);

/// J = B + A (W + shift I) (+ reg I), A and B block diagonal (D×D per contact,
/// stored side by side in D×n matrices). Pattern: blocks of W plus diagonal
/// blocks, built once in the constructor; values refilled by assemble().
template <int D>
class JacobianSystem {
 public:
  JacobianSystem(const BlockedW& W, const LinearChoice& choice);
  void assemble(const Eigen::MatrixXd& A, const Eigen::MatrixXd& B, double shift);
  /// Factorizes the assembled J; on failure retries with growing diagonal
  /// regularization (up to 1e-2 × scale). Returns false when every try failed.
  bool factorize();
  bool solve(const Eigen::VectorXd& rhs, Eigen::VectorXd& x);
  double lastRegularization() const { return reg_; }
  int analysisCount() const { return solver_ ? solver_->analysisCount() : 0; }
  const Eigen::SparseMatrix<double>& sparseMatrix() const { return J_; }
  const Eigen::MatrixXd& denseMatrix() const { return Jd_; }
  bool isDense() const { return dense_; }

 private:
  void addToDiagonal(double delta);
  bool factorizeOnce();

  const BlockedW& W_;
  bool dense_;
  Index n_;
  Eigen::MatrixXd Jd_;
  Eigen::PartialPivLU<Eigen::MatrixXd> lu_;
  Eigen::SparseMatrix<double> J_;
  std::unique_ptr<SparseLinearSolver> solver_;
  std::vector<Index> blockPos_;     // per stored W block, D*D value positions (column-major)
  std::vector<Index> missingDiag_;  // contacts whose diagonal block is not stored in W
  std::vector<Index> missingPos_;   // D*D positions per missing diagonal block
  std::vector<Index> diagPos_;      // n positions of the scalar diagonal
  double reg_ = 0.0;
  double scale_ = 1.0;
};

/// Projected Gauss–Seidel sweeps on the problem (W + shift I, qEff): for each
/// contact, `local` projection steps r_i ← P_K(r_i − ρ_i ũ_i) with u_i kept up
/// to date. u is recomputed in full at the end. rhoProj: one ρ per contact.
template <int D>
void projectionSweeps(const BlockedW& W, const Eigen::VectorXd& qEff, double shift,
                      const Eigen::VectorXd& mu, const Eigen::VectorXd& rhoProj, int sweeps,
                      int local, Eigen::VectorXd& r, Eigen::VectorXd& u);

/// Per-component ρ (split spectral norm rule on W_ii + shift I, or fixedRho
/// when > 0) and one scalar per contact (min of its components) in rhoContact.
template <int D>
void splitSpectralNormRho(const BlockedW& W, double fixedRho, double shift, Eigen::VectorXd& rho,
                          Eigen::VectorXd& rhoContact);

/// Result finishing: u recomputed by fcComputeError, status from the error,
/// never NaN (non-finite r → r reset to the best finite iterate or 0, Failed).
SolverResult finish(const FrictionContactProblem& problem, Eigen::VectorXd& r, Eigen::VectorXd& u,
                    const SolverOptions& options, const std::string& name, int iterations,
                    bool brokeDown, std::string message);

/// r of the right size (else zeros), finite (else zeros).
void prepareWarmStart(const FrictionContactProblem& problem, Eigen::VectorXd& r);

}  // namespace moreau::numerics::fcglobal
