// Global friction-contact solvers (fc/GlobalFrictionContactSolvers.hpp): the error
// measure, "reduce", "admm" and "auto" on problems with a constructed solution
// (2D and 3D), agreement with the local solvers on the dense reduction computed
// here, the generator's global piles against its local form, M not SPD or singular,
// malformed problems, and factorization reuse of the solver object. The solution
// checks (cone, dual cone, complementarity, equation) use only the data.
#include <moreau/numerics/fc/FrictionContactSolvers.hpp>
#include <moreau/numerics/fc/GlobalFrictionContactSolvers.hpp>
#include <moreau/numerics/fc/ProblemGenerator.hpp>

#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <Eigen/SparseCore>
#include <algorithm>
#include <cmath>
#include <random>
#include <stdexcept>
#include <string>

namespace mn = moreau::numerics;
using Eigen::Index;
using Eigen::MatrixXd;
using Eigen::VectorXd;

namespace {

// A global problem with a known solution (v*, r*, u*): per contact, cycling,
// take-off (r = 0, u_N > 0), stick (r inside K, u = 0) and slide (‖r_T‖ = μ r_N,
// u_N = 0, u_T = −α r_T/‖r_T‖); then b = u* − Hᵀ v*, q = M v* − H r*.
struct Constructed {
  mn::GlobalFrictionContactProblem problem;
  VectorXd v, r, u;
};

MatrixXd randomSpd(Index n, std::mt19937& gen) {
  std::uniform_real_distribution<double> U(-1.0, 1.0);
  MatrixXd A(n, n);
  for (Index i = 0; i < n; ++i)
    for (Index j = 0; j < n; ++j) A(i, j) = U(gen);
  return A.transpose() * A + 0.5 * static_cast<double>(n) * MatrixXd::Identity(n, n);
}

Constructed constructed(int d, int nc, int extraDofs, unsigned seed, double mu = 0.3) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> U(-1.0, 1.0);
  const Index m = d * nc;
  const Index n = m + extraDofs;
  Constructed c;
  MatrixXd H(n, m);
  for (Index i = 0; i < n; ++i)
    for (Index j = 0; j < m; ++j) H(i, j) = U(gen);
  H += MatrixXd::Identity(n, m) * 2.0;  // well conditioned, full column rank
  const MatrixXd M = randomSpd(n, gen);
  c.r = VectorXd::Zero(m);
  c.u = VectorXd::Zero(m);
  for (int i = 0; i < nc; ++i) {
    double t[2] = {U(gen), d == 3 ? U(gen) : 0.0};  // unit tangential direction
    const double tn = std::hypot(t[0], t[1]);
    t[0] /= tn;
    t[1] /= tn;
    const double rN = 1.0 + 0.5 * (U(gen) + 1.0);
    switch (i % 3) {
      case 0:  // take-off
        c.u[d * i] = 0.5 + 0.5 * (U(gen) + 1.0);
        for (int k = 1; k < d; ++k) c.u[d * i + k] = U(gen);
        break;
      case 1:  // stick
        c.r[d * i] = rN;
        for (int k = 1; k < d; ++k) c.r[d * i + k] = 0.5 * mu * rN * t[k - 1];
        break;
      default: {  // slide
        const double alpha = 0.5 + 0.5 * (U(gen) + 1.0);
        c.r[d * i] = rN;
        for (int k = 1; k < d; ++k) {
          c.r[d * i + k] = mu * rN * t[k - 1];
          c.u[d * i + k] = -alpha * t[k - 1];
        }
      }
    }
  }
  c.v = VectorXd::NullaryExpr(n, [&](Index) { return U(gen); });
  c.problem.dimension = d;
  c.problem.M = mn::Matrix(Eigen::SparseMatrix<double>(MatrixXd(M).sparseView()));
  c.problem.H = mn::Matrix(Eigen::SparseMatrix<double>(MatrixXd(H).sparseView()));
  c.problem.q = M * c.v - H * c.r;
  c.problem.b = c.u - H.transpose() * c.v;
  c.problem.mu = VectorXd::Constant(nc, mu);
  return c;
}

// Independent check of a global solution: equation, r ∈ K, ũ ∈ K*, rᵀũ = 0 (relative).
::testing::AssertionResult isGlobalSolution(const mn::GlobalFrictionContactProblem& p,
                                            const VectorXd& v, const VectorXd& r, double tol) {
  const MatrixXd M = p.M.toDense();
  const MatrixXd H = p.H.toDense();
  const VectorXd u = H.transpose() * v + p.b;
  const VectorXd res = M * v - p.q - H * r;
  const double scaleEq = std::max({(M * v).norm(), p.q.norm(), (H * r).norm(), 1e-300});
  if (res.norm() > tol * scaleEq)
    return ::testing::AssertionFailure() << "equation residual " << res.norm() / scaleEq;
  const int d = p.dimension;
  const double s = std::max({r.norm(), u.norm(), p.b.norm(), 1e-300});
  for (Index i = 0; i < p.numberOfContacts(); ++i) {
    const double mu = p.mu[i];
    const double rN = r[d * i];
    const double rT = r.segment(d * i + 1, d - 1).norm();
    const double uN = u[d * i];
    const double uT = u.segment(d * i + 1, d - 1).norm();
    if (rT > mu * rN + tol * s)
      return ::testing::AssertionFailure()
             << "contact " << i << ": r outside K (‖r_T‖ " << rT << ", μ r_N " << mu * rN << ")";
    // ũ = (u_N + μ‖u_T‖, u_T) ∈ K* = {μ‖x_T‖ <= x_N}  ⇔  u_N >= 0
    if (mu * uT > uN + mu * uT + tol * s)
      return ::testing::AssertionFailure() << "contact " << i << ": ũ outside K*, u_N " << uN;
    const double comp =
        rN * (uN + mu * uT) + r.segment(d * i + 1, d - 1).dot(u.segment(d * i + 1, d - 1));
    if (std::abs(comp) > tol * s * s)
      return ::testing::AssertionFailure() << "contact " << i << ": rᵀũ = " << comp;
  }
  return ::testing::AssertionSuccess();
}

mn::SolverOptions opts(const std::string& solver, double tol = 1e-10) {
  mn::SolverOptions o;
  o.solver = solver;
  o.tolerance = tol;
  o.maxIterations = 20000;
  return o;
}

class GlobalFcDim : public ::testing::TestWithParam<int> {};

}  // namespace

TEST_P(GlobalFcDim, ErrorIsZeroAtTheConstructedSolutionAndGrowsAwayFromIt) {
  const int d = GetParam();
  const Constructed c = constructed(d, 6, 5, 11u);
  VectorXd u;
  const mn::GlobalFcError e = mn::gfcErrorParts(c.problem, c.v, c.r, u);
  EXPECT_LT(e.total, 1e-14);
  EXPECT_LT((u - c.u).norm(), 1e-12);
  ASSERT_TRUE(isGlobalSolution(c.problem, c.v, c.r, 1e-12));
  // A perturbed v breaks the equation, a perturbed r the law (and the equation).
  VectorXd v2 = c.v;
  v2[0] += 1e-3;
  const mn::GlobalFcError ev = mn::gfcErrorParts(c.problem, v2, c.r, u);
  EXPECT_GT(ev.equation, 1e-5);
  VectorXd r2 = c.r;
  r2[d * 1 + 1] += 1.0;  // a sticking contact pushed outside its cone
  const mn::GlobalFcError er = mn::gfcErrorParts(c.problem, c.v, r2, u);
  EXPECT_GT(er.contact, 1e-3);
  EXPECT_DOUBLE_EQ(er.total, std::max(er.equation, er.contact));
}

TEST_P(GlobalFcDim, ReduceAdmmAndAutoRecoverTheConstructedSolution) {
  const int d = GetParam();
  for (unsigned seed : {1u, 2u, 3u}) {
    const Constructed c = constructed(d, 9, 4, seed);
    for (const std::string solver : {"reduce", "admm", "auto"}) {
      SCOPED_TRACE(solver + " seed " + std::to_string(seed));
      VectorXd v, r, u;
      const mn::SolverResult res = mn::solveGlobalFrictionContact(c.problem, v, r, u, opts(solver));
      ASSERT_TRUE(res.converged()) << res.message << " error " << res.error;
      EXPECT_LE(res.error, 1e-10);
      EXPECT_TRUE(isGlobalSolution(c.problem, v, r, 1e-8));
      EXPECT_LT((v - c.v).norm(), 1e-6 * c.v.norm());
      EXPECT_LT((r - c.r).norm(), 1e-6 * c.r.norm());
      EXPECT_LT((u - c.u).norm(), 1e-6 * std::max(1.0, c.u.norm()));
    }
  }
}

TEST_P(GlobalFcDim, AgreesWithTheLocalSolverOnTheDenseReduction) {
  const int d = GetParam();
  const Constructed c = constructed(d, 12, 3, 7u, 0.5);
  const MatrixXd M = c.problem.M.toDense();
  const MatrixXd H = c.problem.H.toDense();
  const Eigen::LLT<MatrixXd> llt(M);
  const MatrixXd W = H.transpose() * llt.solve(H);
  const VectorXd qLocal = H.transpose() * llt.solve(c.problem.q) + c.problem.b;
  const mn::FrictionContactProblem local(d, mn::Matrix(W), qLocal, c.problem.mu);
  VectorXd rl, ul;
  mn::SolverOptions lo = opts("nsgs", 1e-12);
  ASSERT_TRUE(mn::solveFrictionContact(local, rl, ul, lo).converged());

  mn::GlobalFrictionContactSolver solver;
  mn::FrictionContactProblem reduced;
  ASSERT_TRUE(solver.reduce(c.problem, reduced)) << solver.lastError();
  EXPECT_LT((reduced.W().toDense() - W).norm(), 1e-12 * W.norm());
  EXPECT_LT((reduced.q() - qLocal).norm(), 1e-12 * qLocal.norm());
  EXPECT_EQ(solver.factorizationOfM(), "cholmod");

  for (const std::string name : {"reduce", "admm"}) {
    SCOPED_TRACE(name);
    VectorXd v, r, u;
    const mn::SolverResult res = solver.solve(c.problem, v, r, u, opts(name));
    ASSERT_TRUE(res.converged()) << res.message;
    EXPECT_LT((r - rl).norm(), 1e-7 * rl.norm());
    EXPECT_LT((u - ul).norm(), 1e-7 * std::max(1.0, ul.norm()));
    EXPECT_LT((v - llt.solve(c.problem.q + H * rl)).norm(), 1e-7 * v.norm());
  }
}

TEST_P(GlobalFcDim, GeneratedPileReducesToTheGeneratorsLocalProblem) {
  const int d = GetParam();
  mn::ProblemGeneratorOptions go;
  go.dimension = d;
  go.seed = 5;
  const mn::GeneratedProblem g = mn::generatePileWithContacts(60, go);
  mn::GlobalFrictionContactSolver solver;
  mn::FrictionContactProblem reduced;
  ASSERT_TRUE(solver.reduce(g.global, reduced));
  const MatrixXd W = g.problem.W().toDense();
  EXPECT_LT((reduced.W().toDense() - W).norm(), 1e-12 * W.norm());
  EXPECT_LT((reduced.q() - g.problem.q()).norm(), 1e-12 * g.problem.q().norm());
  // same sparse-block pattern as the generator's W
  EXPECT_EQ(reduced.W().sparseBlock().nonZeroBlocks(), g.problem.W().sparseBlock().nonZeroBlocks());
  // one component per body: the dense-block path; CHOLMOD gives the same W
  EXPECT_EQ(solver.factorizationOfM(), "dense-blocks");
  mn::GlobalFrictionContactSolver sparseSolver;
  mn::FrictionContactProblem reducedSparse;
  mn::SolverOptions so;
  so.gfcLinearSolver = "cholmod";
  ASSERT_TRUE(sparseSolver.reduce(g.global, reducedSparse, so));
  EXPECT_EQ(sparseSolver.factorizationOfM(), "cholmod");
  EXPECT_LT((reducedSparse.W().toDense() - W).norm(), 1e-12 * W.norm());
  EXPECT_LT((reducedSparse.q() - g.problem.q()).norm(), 1e-12 * g.problem.q().norm());

  for (const std::string name : {"reduce", "admm"}) {
    SCOPED_TRACE(name);
    VectorXd v, r, u;
    mn::SolverOptions o = opts(name, 1e-8);
    const mn::SolverResult res = solver.solve(g.global, v, r, u, o);
    ASSERT_TRUE(res.converged()) << res.message << " error " << res.error;
    EXPECT_TRUE(isGlobalSolution(g.global, v, r, 1e-6));
    // the same r solves the generator's local problem
    VectorXd ul;
    EXPECT_LT(mn::fcComputeError(g.problem, r, ul), 1e-6);
  }
}

INSTANTIATE_TEST_SUITE_P(Dimensions, GlobalFcDim, ::testing::Values(2, 3),
                         [](const ::testing::TestParamInfo<int>& info) {
                           return info.param == 2 ? std::string("2D") : std::string("3D");
                         });

TEST(GlobalFc, StoragesOfMAndHGiveTheSameAnswer) {
  const Constructed c = constructed(3, 6, 2, 21u);
  mn::GlobalFrictionContactProblem dense = c.problem;
  dense.M = mn::Matrix(c.problem.M.toDense());
  dense.H = mn::Matrix(c.problem.H.toDense());
  mn::GlobalFrictionContactProblem blocks = c.problem;
  const std::vector<Index> rows = {static_cast<Index>(c.v.size())};
  blocks.H = mn::Matrix(c.problem.H.toSparseBlock(rows, std::vector<Index>(6, 3)));
  for (const auto* p : {&dense, &blocks}) {
    VectorXd v, r, u;
    ASSERT_TRUE(mn::solveGlobalFrictionContact(*p, v, r, u, opts("reduce")).converged());
    EXPECT_LT((r - c.r).norm(), 1e-7 * c.r.norm());
    VectorXd v2, r2, u2;
    ASSERT_TRUE(mn::solveGlobalFrictionContact(*p, v2, r2, u2, opts("admm")).converged());
    EXPECT_LT((v2 - c.v).norm(), 1e-6 * c.v.norm());
  }
}

TEST(GlobalFc, IndefiniteMFallsBackToLuAndNamedCholmodFails) {
  // M symmetric but indefinite (one negative eigenvalue), nonsingular: CHOLMOD
  // refuses it, UMFPACK factorizes it; the global problem is still well defined.
  Constructed c = constructed(3, 4, 3, 5u);
  MatrixXd M = c.problem.M.toDense();
  const Eigen::SelfAdjointEigenSolver<MatrixXd> es(M);
  VectorXd ev = es.eigenvalues();
  ev[0] = -ev[0];
  M = es.eigenvectors() * ev.asDiagonal() * es.eigenvectors().transpose();
  M = 0.5 * (M + M.transpose());
  const MatrixXd H = c.problem.H.toDense();
  c.problem.M = mn::Matrix(MatrixXd(M));
  c.problem.q = M * c.v - H * c.r;

  mn::GlobalFrictionContactSolver solver;
  mn::FrictionContactProblem reduced;
  ASSERT_TRUE(solver.reduce(c.problem, reduced)) << solver.lastError();
  EXPECT_EQ(solver.factorizationOfM(), "umfpack");

  mn::SolverOptions o = opts("reduce");
  o.gfcLinearSolver = "cholmod";
  VectorXd v, r, u;
  const mn::SolverResult res = solver.solve(c.problem, v, r, u, o);
  EXPECT_EQ(res.status, mn::SolverStatus::Failed);
  EXPECT_NE(res.message.find("M could not be factorized"), std::string::npos) << res.message;
  EXPECT_NE(res.message.find("cholmod"), std::string::npos) << res.message;
  EXPECT_TRUE(v.allFinite() && r.allFinite());
}

TEST(GlobalFc, SingularMFailsInReduceAndAutoUsesAdmm) {
  // M positive semidefinite with a 2-dimensional null space that H covers:
  // M + ρ H Hᵀ is SPD, the problem has a solution, M cannot be factorized.
  Constructed c = constructed(3, 4, 2, 9u, 0.2);
  MatrixXd M = c.problem.M.toDense();
  const MatrixXd H = c.problem.H.toDense();
  // exactly singular: no coupling and no mass on the first two dofs (H acts on them)
  M.topRows(2).setZero();
  M.leftCols(2).setZero();
  c.problem.M = mn::Matrix(Eigen::SparseMatrix<double>(MatrixXd(M).sparseView()));
  c.problem.q = M * c.v - H * c.r;

  VectorXd v, r, u;
  const mn::SolverResult red = mn::solveGlobalFrictionContact(c.problem, v, r, u, opts("reduce"));
  EXPECT_EQ(red.status, mn::SolverStatus::Failed);
  EXPECT_NE(red.message.find("M could not be factorized"), std::string::npos) << red.message;
  // the zero rows make singleton components: the dense-block path is tried first
  EXPECT_NE(red.message.find("dense blocks"), std::string::npos) << red.message;

  v.resize(0);
  r.resize(0);
  const mn::SolverResult au =
      mn::solveGlobalFrictionContact(c.problem, v, r, u, opts("auto", 1e-9));
  ASSERT_TRUE(au.converged()) << au.message << " error " << au.error;
  EXPECT_EQ(au.solver, "auto:admm");
  EXPECT_TRUE(isGlobalSolution(c.problem, v, r, 1e-7));
}

TEST(GlobalFc, MalformedProblemsAndOptionsThrowNamingTheMismatch) {
  const Constructed c = constructed(3, 3, 2, 4u);
  auto expectThrow = [](const mn::GlobalFrictionContactProblem& p, const mn::SolverOptions& o,
                        const std::string& what) {
    VectorXd v, r, u;
    try {
      mn::solveGlobalFrictionContact(p, v, r, u, o);
      ADD_FAILURE() << "no exception, expected one naming " << what;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find(what), std::string::npos) << e.what();
    }
  };
  mn::GlobalFrictionContactProblem p = c.problem;
  p.H = mn::Matrix(MatrixXd::Ones(p.M.rows() + 1, 9));
  expectThrow(p, opts("reduce"), "H is");
  p = c.problem;
  p.q.resize(p.q.size() - 1);
  expectThrow(p, opts("admm"), "q has");
  p = c.problem;
  p.b.resize(4);
  expectThrow(p, opts("auto"), "b has");
  p = c.problem;
  p.M = mn::Matrix(MatrixXd::Identity(p.M.rows(), p.M.rows() + 1));
  expectThrow(p, opts("reduce"), "M is");
  expectThrow(c.problem, opts("nsgs"), "unknown solver");
  mn::SolverOptions o = opts("reduce");
  o.gfcLocalSolver = "lemke";  // 2D only
  expectThrow(c.problem, o, "gfcLocalSolver");
  o = opts("admm");
  o.gfcLinearSolver = "dense";
  expectThrow(c.problem, o, "gfcLinearSolver");
  VectorXd u;
  EXPECT_THROW(mn::gfcComputeError(c.problem, VectorXd::Zero(3), c.r, u), std::invalid_argument);
}

TEST(GlobalFc, SolverObjectReusesTheFactorizationOfM) {
  Constructed c = constructed(3, 6, 3, 13u);
  mn::GlobalFrictionContactSolver solver;
  VectorXd v, r, u;
  ASSERT_TRUE(solver.solve(c.problem, v, r, u, opts("reduce")).converged());
  EXPECT_EQ(solver.numericFactorizationsOfM(), 1);
  EXPECT_EQ(solver.symbolicAnalysesOfM(), 1);
  EXPECT_EQ(solver.reductionsFormed(), 1);
  // new q and b, same M and H: nothing refactorized nor re-reduced
  c.problem.q *= 1.5;
  c.problem.b *= 0.5;
  ASSERT_TRUE(solver.solve(c.problem, v, r, u, opts("reduce")).converged());
  EXPECT_EQ(solver.numericFactorizationsOfM(), 1);
  EXPECT_EQ(solver.reductionsFormed(), 1);
  EXPECT_TRUE(isGlobalSolution(c.problem, v, r, 1e-8));
  // new values of M, same pattern: numeric refactorization only
  mn::GlobalFrictionContactProblem p2 = c.problem;
  p2.M.sparse() *= 2.0;
  ASSERT_TRUE(solver.solve(p2, v, r, u, opts("reduce")).converged());
  EXPECT_EQ(solver.numericFactorizationsOfM(), 2);
  EXPECT_EQ(solver.symbolicAnalysesOfM(), 1);
  EXPECT_EQ(solver.reductionsFormed(), 2);
  EXPECT_TRUE(isGlobalSolution(p2, v, r, 1e-8));
  // new H only: W re-formed with the kept factorization
  p2.H.sparse() *= 0.9;
  ASSERT_TRUE(solver.solve(p2, v, r, u, opts("reduce")).converged());
  EXPECT_EQ(solver.numericFactorizationsOfM(), 2);
  EXPECT_EQ(solver.reductionsFormed(), 3);
  // ADMM: a second solve of the same problem reuses M + ρ H Hᵀ when ρ ends where it started
  const int before = solver.admmFactorizations();
  mn::SolverOptions o = opts("admm");
  o.gfcAdmmAdaptiveRho = false;
  ASSERT_TRUE(solver.solve(p2, v, r, u, o).converged());
  ASSERT_TRUE(solver.solve(p2, v, r, u, o).converged());
  EXPECT_EQ(solver.admmFactorizations(), before + 1);
}

TEST(GlobalFc, WarmStartFromTheSolutionConvergesAtOnce) {
  const Constructed c = constructed(2, 8, 2, 17u);
  VectorXd v = c.v, r = c.r, u;
  const mn::SolverResult a = mn::solveGlobalFrictionContact(c.problem, v, r, u, opts("admm"));
  ASSERT_TRUE(a.converged());
  EXPECT_EQ(a.iterations, 0);
  v = c.v;
  r = c.r;
  const mn::SolverResult b = mn::solveGlobalFrictionContact(c.problem, v, r, u, opts("reduce"));
  ASSERT_TRUE(b.converged());
  EXPECT_EQ(b.iterations, 0) << b.solver;
}

TEST(GlobalFc, NoContactsSolvesTheLinearSystem) {
  mn::GlobalFrictionContactProblem p;
  p.dimension = 3;
  std::mt19937 gen(3);
  const MatrixXd M = randomSpd(5, gen);
  p.M = mn::Matrix(MatrixXd(M));
  p.H = mn::Matrix(MatrixXd(5, 0));
  p.q = VectorXd::LinSpaced(5, 1.0, 2.0);
  p.b = VectorXd(0);
  p.mu = VectorXd(0);
  for (const std::string name : {"reduce", "admm", "auto"}) {
    VectorXd v, r, u;
    ASSERT_TRUE(mn::solveGlobalFrictionContact(p, v, r, u, opts(name)).converged()) << name;
    EXPECT_LT((M * v - p.q).norm(), 1e-12 * p.q.norm()) << name;
  }
}

TEST(GlobalFc, AdmmOptionVariantsReachTheSameSolution) {
  const Constructed c = constructed(3, 9, 3, 31u);
  struct Variant {
    bool acceleration, adaptive;
    double rho;
  };
  for (const Variant& var :
       {Variant{true, true, 0.0}, Variant{false, true, 0.0}, Variant{true, false, 0.0},
        Variant{false, false, 0.0}, Variant{true, true, 0.05}}) {
    SCOPED_TRACE(std::to_string(var.acceleration) + std::to_string(var.adaptive) + " rho " +
                 std::to_string(var.rho));
    mn::SolverOptions o = opts("admm");
    o.gfcAdmmAcceleration = var.acceleration;
    o.gfcAdmmAdaptiveRho = var.adaptive;
    o.gfcAdmmRho = var.rho;
    VectorXd v, r, u;
    const mn::SolverResult res = mn::solveGlobalFrictionContact(c.problem, v, r, u, o);
    ASSERT_TRUE(res.converged()) << res.message << " error " << res.error;
    EXPECT_LT((v - c.v).norm(), 1e-6 * c.v.norm());
    EXPECT_LT((r - c.r).norm(), 1e-6 * c.r.norm());
  }
  // a budget too small is reported, with the best iterate returned
  mn::SolverOptions o = opts("admm");
  o.maxIterations = 2;
  VectorXd v, r, u;
  const mn::SolverResult res = mn::solveGlobalFrictionContact(c.problem, v, r, u, o);
  EXPECT_EQ(res.status, mn::SolverStatus::MaxIterations);
  EXPECT_EQ(res.iterations, 2);
  EXPECT_GT(res.error, o.tolerance);
  EXPECT_DOUBLE_EQ(res.error, mn::gfcComputeError(c.problem, v, r, u));
}

TEST(GlobalFc, BlockDiagonalMassMatrixUsesDenseBlocksWithReuseAndLuForIndefiniteBlocks) {
  mn::ProblemGeneratorOptions go;
  go.seed = 8;
  const mn::GeneratedProblem g = mn::generatePileWithContacts(40, go);
  mn::GlobalFrictionContactProblem p = g.global;
  mn::GlobalFrictionContactSolver solver;
  VectorXd v, r, u;
  ASSERT_TRUE(solver.solve(p, v, r, u, opts("reduce", 1e-9)).converged());
  EXPECT_EQ(solver.factorizationOfM(), "dense-blocks");
  EXPECT_EQ(solver.symbolicAnalysesOfM(), 1);
  EXPECT_EQ(solver.numericFactorizationsOfM(), 1);
  EXPECT_TRUE(isGlobalSolution(p, v, r, 1e-7));
  // same M and H, new q: nothing refactorized
  p.q *= 1.1;
  ASSERT_TRUE(solver.solve(p, v, r, u, opts("reduce", 1e-9)).converged());
  EXPECT_EQ(solver.numericFactorizationsOfM(), 1);
  EXPECT_EQ(solver.reductionsFormed(), 1);
  // the first body's 6×6 block made symmetric indefinite and coupled (LU inside the block)
  Eigen::SparseMatrix<double> M = p.M.sparse();
  MatrixXd Md = MatrixXd(M);
  Md(0, 0) = -Md(0, 0);
  Md(0, 1) = Md(1, 0) = 0.1;
  p.M = mn::Matrix(Eigen::SparseMatrix<double>(Md.sparseView()));
  mn::FrictionContactProblem reduced;
  ASSERT_TRUE(solver.reduce(p, reduced)) << solver.lastError();
  EXPECT_EQ(solver.factorizationOfM(), "dense-blocks");
  EXPECT_EQ(solver.symbolicAnalysesOfM(), 2);  // new pattern (the coupling entries)
  const MatrixXd H = p.H.toDense();
  const MatrixXd Wref = H.transpose() * Md.partialPivLu().solve(H);
  EXPECT_LT((reduced.W().toDense() - Wref).norm(), 1e-10 * Wref.norm());
}
