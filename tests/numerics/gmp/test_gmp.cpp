// GenericMechanicalProblem and its NSGS solver: reduction to the LCP, FC and MLCP solvers on
// problems of one kind, invariants on mixed problems, bad input, hard problems, solver reuse.

#include <moreau/numerics/fc/FcError.hpp>
#include <moreau/numerics/fc/FrictionContactSolvers.hpp>
#include <moreau/numerics/fc/ProblemGenerator.hpp>
#include <moreau/numerics/gmp/GenericMechanicalFile.hpp>
#include <moreau/numerics/gmp/GenericMechanicalSolvers.hpp>
#include <moreau/numerics/io/FrictionContactFile.hpp>
#include <moreau/numerics/io/MlcpFile.hpp>
#include <moreau/numerics/lcp/LcpSolvers.hpp>
#include <moreau/numerics/mlcp/MlcpSolvers.hpp>
#include <moreau/numerics/relay/RelaySolvers.hpp>

#include <gtest/gtest.h>

#include <Eigen/Dense>
#include <cmath>
#include <cstdio>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "NumericsTestUtils.hpp"
#include "TempFile.hpp"

namespace moreau::numerics {
namespace {

using test::dataDir;

// Symmetric positive definite n × n matrix A Aᵀ + I from a fixed seed.
Eigen::MatrixXd randomSpd(int n, unsigned seed, double shift = 1.0) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  Eigen::MatrixXd A(n, n);
  for (int j = 0; j < n; ++j)
    for (int i = 0; i < n; ++i) A(i, j) = u(gen);
  return A * A.transpose() + shift * Eigen::MatrixXd::Identity(n, n);
}

Eigen::VectorXd randomVector(int n, unsigned seed, double scale) {
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  Eigen::VectorXd v(n);
  for (int i = 0; i < n; ++i) v[i] = scale * u(gen);
  return v;
}

std::vector<Eigen::Index> blockSizes(const std::vector<GmpBlock>& blocks) {
  std::vector<Eigen::Index> s;
  for (const GmpBlock& b : blocks) s.push_back(b.size);
  return s;
}

SolverOptions tight(double tol = 1e-12, int maxIterations = 100000) {
  SolverOptions o;
  o.solver = "nsgs";
  o.tolerance = tol;
  o.maxIterations = maxIterations;
  return o;
}

// ---------------------------------------------------------------------------
// Reductions to the solvers of one problem kind
// ---------------------------------------------------------------------------

TEST(GmpNsgs, PureComplementarityMatchesLemke) {
  for (unsigned seed : {1u, 2u, 3u}) {
    const int n = 12;
    const Eigen::MatrixXd M = randomSpd(n, seed);
    const Eigen::VectorXd q = randomVector(n, seed + 100, 5.0);
    const std::vector<GmpBlock> blocks = {
        GmpBlock::complementarity(1), GmpBlock::complementarity(3), GmpBlock::complementarity(2),
        GmpBlock::complementarity(6)};  // 1 row: closed form, 2-3: enumeration, 6: Lemke
    // dense M, and the same M as sparse-block with the problem's blocks (read in place)
    for (bool sbm : {false, true}) {
      const Matrix Mm =
          sbm ? Matrix(SparseBlockMatrix::fromDense(M, blockSizes(blocks), blockSizes(blocks)))
              : Matrix(M);
      GenericMechanicalProblem gmp(Mm, q, blocks);
      Eigen::VectorXd z, w;
      const SolverResult r = gmpNsgs(gmp, z, w, tight());
      ASSERT_TRUE(r.converged()) << r.error << " " << r.iterations;
      LinearComplementarityProblem lcp(M, q);
      Eigen::VectorXd zl, wl;
      ASSERT_TRUE(lcpLemke(lcp, zl, wl).converged());
      EXPECT_LT((z - zl).lpNorm<Eigen::Infinity>(), 1e-9 * (1 + zl.norm())) << "seed " << seed;
      EXPECT_TRUE(test::isLcpSolution(lcp, z, 1e-9));
      EXPECT_LT((w - (M * z + q)).norm(), 1e-12 * (1 + w.norm()));
    }
  }
}

TEST(GmpNsgs, SingleRowComplementarityBlocksAreProjectedGaussSeidel) {
  // One-row blocks: NSGS is projected Gauss–Seidel; same iterates as lcpPgs (ω = 1).
  const int n = 8;
  const Eigen::MatrixXd M = randomSpd(n, 7);
  const Eigen::VectorXd q = randomVector(n, 8, 3.0);
  std::vector<GmpBlock> blocks(n, GmpBlock::complementarity(1));
  GenericMechanicalProblem gmp(Matrix(M), q, blocks);
  Eigen::VectorXd z, w;
  SolverOptions o = tight(1e-300, 5);  // exactly 5 sweeps
  const SolverResult r = gmpNsgs(gmp, z, w, o);
  EXPECT_EQ(r.status, SolverStatus::MaxIterations);
  EXPECT_EQ(r.iterations, 5);
  // reference: 5 sweeps of PGS written out
  Eigen::VectorXd zr = Eigen::VectorXd::Zero(n);
  for (int s = 0; s < 5; ++s)
    for (int i = 0; i < n; ++i) {
      const double qi = q[i] + M.row(i).dot(zr) - M(i, i) * zr[i];
      zr[i] = std::max(0.0, -qi / M(i, i));
    }
  EXPECT_LT((z - zr).lpNorm<Eigen::Infinity>(), 1e-13 * (1 + zr.norm()));
}

void expectSameAsFcNsgs(const FrictionContactProblem& fc, double tol) {
  const int d = fc.dimension();
  std::vector<GmpBlock> blocks;
  for (Eigen::Index i = 0; i < fc.numberOfContacts(); ++i)
    blocks.push_back(GmpBlock::frictionContact(d, fc.mu()[i]));
  GenericMechanicalProblem gmp(fc.W(), fc.q(), blocks);
  SolverOptions o = tight(tol, 20000);
  o.fcErrorEvaluation = "full";
  Eigen::VectorXd z, w;
  const SolverResult r = gmpNsgs(gmp, z, w, o);
  Eigen::VectorXd rf, uf;
  const SolverResult rfc = fcNsgs(fc, rf, uf, o);
  ASSERT_TRUE(rfc.converged()) << rfc.error;
  ASSERT_TRUE(r.converged()) << r.error << " after " << r.iterations;
  // Same sweeps (same order, same local solver): same number of sweeps, same answer.
  EXPECT_NEAR(r.iterations, rfc.iterations, 1);
  EXPECT_LT((z - rf).norm(), 1e-6 * (1 + rf.norm()));
  // the GMP error of friction blocks is the FC error
  Eigen::VectorXd u;
  EXPECT_NEAR(r.error, fcComputeError(fc, z, u), 1e-14);
  EXPECT_LT((u - w).norm(), 1e-12 * (1 + u.norm()));
}

TEST(GmpNsgs, PureFrictionMatchesFc3dNsgsOnDataFiles) {
  for (const char* file : {"fc3d/FrictionContact3D_1c.dat", "fc3d/FC3D_Example1_SBM.dat"}) {
    SCOPED_TRACE(file);
    expectSameAsFcNsgs(readFrictionContactFile(dataDir() + "/" + file), 1e-10);
  }
}

TEST(GmpNsgs, PureFrictionMatchesFcNsgsOnGeneratedStacks) {
  ProblemGeneratorOptions g;
  g.seed = 5;
  {
    SCOPED_TRACE("3D sphere stack");
    expectSameAsFcNsgs(generateStack(StackShape::Sphere, 6, g).problem, 1e-10);
  }
  {
    SCOPED_TRACE("3D box stack");
    expectSameAsFcNsgs(generateStack(StackShape::Box, 3, g).problem, 1e-8);
  }
  g.dimension = 2;
  {
    SCOPED_TRACE("2D box stack");
    expectSameAsFcNsgs(generateStack(StackShape::Box, 4, g).problem, 1e-10);
  }
}

// MLCP in storage-1 form -> GMP with one equality/complementarity block per MLCP row block.
GenericMechanicalProblem fromMlcp(const MixedLinearComplementarityProblem& p) {
  std::vector<GmpBlock> blocks;
  const auto& rows = p.blocksRows();
  for (std::size_t k = 0; k + 1 < rows.size(); ++k) {
    const Eigen::Index s = rows[k + 1] - rows[k];
    if (s == 0) continue;
    blocks.push_back(p.blocksIsComp()[k] ? GmpBlock::complementarity(s) : GmpBlock::equality(s));
  }
  return GenericMechanicalProblem(p.M(), p.q(), blocks);
}

TEST(GmpNsgs, EqualityAndComplementarityMatchMlcpEnumOnRandomProblems) {
  for (unsigned seed : {11u, 12u, 13u, 14u}) {
    const int n = 10;
    const Eigen::MatrixXd M = randomSpd(n, seed);
    const Eigen::VectorXd q = randomVector(n, seed + 50, 4.0);
    // rows: eq 2, comp 3, eq 1, comp 4
    MixedLinearComplementarityProblem mlcp(Matrix(M), q, {0, 2, 5, 6, 10}, {0, 1, 0, 1});
    Eigen::VectorXd zm, wm;
    SolverOptions mo;
    mo.solver = "enum";
    ASSERT_TRUE(solveMlcp(mlcp, zm, wm, mo).converged());
    const GenericMechanicalProblem gmp = fromMlcp(mlcp);
    ASSERT_EQ(gmp.numberOfBlocks(), 4);
    Eigen::VectorXd z, w;
    const SolverResult r = gmpNsgs(gmp, z, w, tight());
    ASSERT_TRUE(r.converged()) << r.error;
    EXPECT_LT((z - zm).lpNorm<Eigen::Infinity>(), 1e-9 * (1 + zm.norm())) << "seed " << seed;
    Eigen::VectorXd wcheck;
    EXPECT_LT(mlcpComputeError(mlcp, z, wcheck), 1e-10);
  }
}

TEST(GmpNsgs, MlcpDataFilesConvergeOrReportFailure) {
  // Block Gauss–Seidel needs a mechanical (symmetric positive definite) structure. The circuit
  // MLCPs of tests/data are not symmetric: the solver must then either converge to the MLCP
  // solution or say that it did not, never throw nor return a non-finite z.
  for (const char* file :
       {"mlcp/PD_mlcp.dat", "mlcp/m2n1_mlcp.dat", "mlcp/RCD_mlcp.dat", "mlcp/deudeu_mlcp.dat"}) {
    SCOPED_TRACE(file);
    const MixedLinearComplementarityProblem mlcp = readMlcpFile(dataDir() + "/" + file);
    const GenericMechanicalProblem gmp = fromMlcp(mlcp);
    Eigen::VectorXd z, w;
    SolverResult r;
    EXPECT_NO_THROW(r = gmpNsgs(gmp, z, w, tight(1e-10, 2000)));
    EXPECT_TRUE(z.allFinite());
    Eigen::VectorXd wm;
    const double mlcpError = mlcpComputeError(mlcp, z, wm);
    if (r.converged()) {
      EXPECT_LT(mlcpError, 1e-8);
    } else {
      EXPECT_EQ(r.status, SolverStatus::MaxIterations);
      EXPECT_GT(r.error, 1e-10);
    }
    std::printf("%s: %s after %d sweeps, error %.3g\n", file, toString(r.status), r.iterations,
                r.error);
  }
}

TEST(GmpNsgs, RelayBlocksMatchRelayLemke) {
  const int n = 6;
  const Eigen::MatrixXd M = randomSpd(n, 21);
  const Eigen::VectorXd q = randomVector(n, 22, 4.0);
  Eigen::VectorXd lb(n), ub(n);
  lb << -1, -0.5, -INFINITY, 0, -2, -1;
  ub << 1, 0.5, 1, INFINITY, 2, 1;
  RelayProblem relay(M, q, lb, ub);
  Eigen::VectorXd zr, wr;
  ASSERT_TRUE(relayLemke(relay, zr, wr).converged());
  const std::vector<GmpBlock> blocks = {GmpBlock::relay(lb.head(1), ub.head(1)),
                                        GmpBlock::relay(lb.segment(1, 3), ub.segment(1, 3)),
                                        GmpBlock::relay(lb.tail(2), ub.tail(2))};
  GenericMechanicalProblem gmp(Matrix(M), q, blocks);
  Eigen::VectorXd z, w;
  ASSERT_TRUE(gmpNsgs(gmp, z, w, tight()).converged());
  EXPECT_LT((z - zr).lpNorm<Eigen::Infinity>(), 1e-9 * (1 + zr.norm()));
}

// ---------------------------------------------------------------------------
// Mixed problems: invariants of every block law
// ---------------------------------------------------------------------------

// A mixed problem shaped like a mechanical one: W = H M⁻¹ Hᵀ (positive semidefinite, here
// definite: fewer rows than dofs) with blocks eq(2), fc3d, comp(2), fc2d, relay(2), fc3d.
GenericMechanicalProblem mixedProblem(unsigned seed, Matrix::Storage storage) {
  const std::vector<GmpBlock> blocks = {
      GmpBlock::equality(2),
      GmpBlock::frictionContact(3, 0.5),
      GmpBlock::complementarity(2),
      GmpBlock::frictionContact(2, 0.3),
      GmpBlock::relay(Eigen::Vector2d(-0.5, -1), Eigen::Vector2d(0.5, 1)),
      GmpBlock::frictionContact(3, 0.8)};
  const int n = 14, dofs = 20;
  std::mt19937 gen(seed);
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  Eigen::MatrixXd H(n, dofs);
  for (int j = 0; j < dofs; ++j)
    for (int i = 0; i < n; ++i) H(i, j) = u(gen);
  Eigen::VectorXd mass(dofs);
  for (int i = 0; i < dofs; ++i) mass[i] = 1.0 + 0.5 * (u(gen) + 1.0);
  const Eigen::MatrixXd W = H * mass.cwiseInverse().asDiagonal() * H.transpose();
  Eigen::VectorXd q(n);
  for (int i = 0; i < n; ++i) q[i] = 2.0 * u(gen);
  // pushing normals (negative normal velocity) so that contacts are active
  q[2] = -1.0;
  q[7] = -0.7;
  q[11] = -1.2;
  Matrix M(W);
  if (storage == Matrix::Storage::SparseBlock)
    M = Matrix(SparseBlockMatrix::fromDense(W, blockSizes(blocks), blockSizes(blocks)));
  else if (storage == Matrix::Storage::Sparse)
    M = Matrix(Eigen::SparseMatrix<double>(W.sparseView()));
  return GenericMechanicalProblem(M, q, blocks);
}

void expectBlockLaws(const GenericMechanicalProblem& p, const Eigen::VectorXd& z,
                     const Eigen::VectorXd& w, double tol) {
  // independent of gmpComputeError: w recomputed from the data
  const Eigen::VectorXd wd = p.M().toDense() * z + p.q();
  ASSERT_LT((wd - w).norm(), 1e-10 * (1 + w.norm()));
  const double scale = 1.0 + z.lpNorm<Eigen::Infinity>() + wd.lpNorm<Eigen::Infinity>();
  for (Eigen::Index b = 0; b < p.numberOfBlocks(); ++b) {
    const GmpBlock& blk = p.block(b);
    const Eigen::Index o = p.blockOffset(b), s = blk.size;
    const Eigen::VectorXd zb = z.segment(o, s), wb = wd.segment(o, s);
    SCOPED_TRACE("block " + std::to_string(b) + " " + toString(blk.type));
    switch (blk.type) {
      case GmpBlockType::Equality:
        EXPECT_LT(wb.norm(), tol * scale);
        break;
      case GmpBlockType::Complementarity:
        EXPECT_GE(zb.minCoeff(), -tol * scale);
        EXPECT_GE(wb.minCoeff(), -tol * scale);
        EXPECT_LT(std::abs(zb.dot(wb)), tol * scale * scale);
        break;
      case GmpBlockType::Relay:
        for (Eigen::Index i = 0; i < s; ++i) {
          EXPECT_GE(zb[i], blk.lb[i] - tol * scale);
          EXPECT_LE(zb[i], blk.ub[i] + tol * scale);
          if (zb[i] > blk.lb[i] + tol * scale && zb[i] < blk.ub[i] - tol * scale) {
            EXPECT_LT(std::abs(wb[i]), tol * scale);
          }
          if (wb[i] > tol * scale) {
            EXPECT_NEAR(zb[i], blk.lb[i], tol * scale);
          }
          if (wb[i] < -tol * scale) {
            EXPECT_NEAR(zb[i], blk.ub[i], tol * scale);
          }
        }
        break;
      case GmpBlockType::FrictionContact2D:
      case GmpBlockType::FrictionContact3D: {
        const double rN = zb[0], uN = wb[0];
        const double rT = zb.tail(s - 1).norm(), uT = wb.tail(s - 1).norm();
        EXPECT_LE(rT, blk.mu * rN + tol * scale);   // r in the cone
        EXPECT_GE(uN + blk.mu * uT, -tol * scale);  // ũ in the dual cone
        EXPECT_LT(std::abs(rN * (uN + blk.mu * uT) + zb.tail(s - 1).dot(wb.tail(s - 1))),
                  tol * scale * scale);  // r ⊥ ũ
        if (uT > tol * scale) {          // sliding: r_T opposite to u_T
          EXPECT_NEAR(rT, blk.mu * rN, tol * scale);
          EXPECT_LT((zb.tail(s - 1) * uT + rT * wb.tail(s - 1)).norm(), tol * scale * scale);
        }
        break;
      }
    }
  }
}

TEST(GmpNsgs, MixedProblemSatisfiesEveryBlockLaw) {
  for (auto storage :
       {Matrix::Storage::Dense, Matrix::Storage::Sparse, Matrix::Storage::SparseBlock}) {
    for (unsigned seed : {31u, 32u, 33u}) {
      SCOPED_TRACE("seed " + std::to_string(seed) + " storage " +
                   std::to_string(static_cast<int>(storage)));
      const GenericMechanicalProblem p = mixedProblem(seed, storage);
      Eigen::VectorXd z, w;
      const SolverResult r = gmpNsgs(p, z, w, tight(1e-10));
      ASSERT_TRUE(r.converged()) << r.error << " after " << r.iterations;
      EXPECT_LE(r.error, 1e-10);
      Eigen::VectorXd w2;
      EXPECT_DOUBLE_EQ(gmpComputeError(p, z, w2), r.error);
      expectBlockLaws(p, z, w, 1e-7);
    }
  }
}

TEST(GmpNsgs, StorageDoesNotChangeTheIterates) {
  const GenericMechanicalProblem pd = mixedProblem(40, Matrix::Storage::Dense);
  const GenericMechanicalProblem ps = mixedProblem(40, Matrix::Storage::SparseBlock);
  Eigen::VectorXd zd, wd, zs, ws;
  const SolverResult rd = gmpNsgs(pd, zd, wd, tight(1e-10));
  const SolverResult rs = gmpNsgs(ps, zs, ws, tight(1e-10));
  EXPECT_EQ(rd.iterations, rs.iterations);
  EXPECT_LT((zd - zs).norm(), 1e-10 * (1 + zd.norm()));
}

TEST(GmpError, IsZeroExactlyAtAKnownSolutionAndPositiveElsewhere) {
  // M = I: z = max(0, -q) on complementarity rows, -q on equality rows.
  const std::vector<GmpBlock> blocks = {GmpBlock::equality(2), GmpBlock::complementarity(2)};
  Eigen::Vector4d q(1, -2, -3, 4);
  GenericMechanicalProblem p(Matrix(Eigen::MatrixXd(Eigen::Matrix4d::Identity())), q, blocks);
  Eigen::VectorXd z(4), w;
  z << -1, 2, 3, 0;
  EXPECT_EQ(gmpComputeError(p, z, w), 0.0);
  EXPECT_EQ(w, Eigen::Vector4d(0, 0, 0, 4));
  z[3] = 0.5;  // z·w ≠ 0
  const double e = gmpComputeError(p, z, w);
  // residual of row 3: z − max(0, z − w) = 0.5 − max(0, 0.5 − 4.5) = 0.5; scale max(‖q‖,‖z‖,‖w‖)
  EXPECT_NEAR(e, 0.5 / std::max({q.norm(), z.norm(), w.norm()}), 1e-15);
  EXPECT_THROW(gmpComputeError(p, Eigen::VectorXd::Zero(3), w), std::invalid_argument);
}

TEST(GmpNsgs, TinyFrictionProblemMeetsTheRelativeTolerance) {
  // One contact of a 1e-9 scale problem (a contact activated at a predicted state with a gap
  // still open: SimulationTest's two-mass stack): the solution r = (−q_n / 3, 0, 0) must be
  // found to the relative tolerance, not only to the local solver's absolute 1e-14 (which is
  // 5e-6 relative here, and where every sweep left it before).
  const std::vector<GmpBlock> blocks = {GmpBlock::frictionContact(3, 0.6)};
  const Eigen::Vector3d q(-2.0590123286923223e-09, 1e-59, 2.5e-59);
  GenericMechanicalProblem p(Matrix(Eigen::MatrixXd(3.0 * Eigen::Matrix3d::Identity())), q, blocks);
  for (double tolerance : {1e-9, 1e-12}) {
    Eigen::VectorXd z = Eigen::VectorXd::Zero(3), w;
    const SolverResult r = solveGenericMechanical(p, z, w, tight(tolerance));
    EXPECT_TRUE(r.converged()) << r.message << " error " << r.error;
    EXPECT_LE(r.iterations, 3);
    EXPECT_NEAR(z[0], -q[0] / 3.0, 1e-12 * std::abs(q[0]));
    EXPECT_LE(gmpComputeError(p, z, w), tolerance);
  }
}

// ---------------------------------------------------------------------------
// Bad input, hard problems, solver object
// ---------------------------------------------------------------------------

TEST(GmpProblem, RejectsMalformedInputWithAClearMessage) {
  const Eigen::MatrixXd M = Eigen::MatrixXd::Identity(4, 4);
  const Eigen::VectorXd q = Eigen::VectorXd::Ones(4);
  auto expectMessage = [](auto&& make, const std::string& part) {
    try {
      make();
      ADD_FAILURE() << "no exception, expected: " << part;
    } catch (const std::invalid_argument& e) {
      EXPECT_NE(std::string(e.what()).find(part), std::string::npos) << e.what();
    }
  };
  expectMessage(
      [&] {
        GenericMechanicalProblem(Matrix(M), q, {GmpBlock::equality(1), GmpBlock::equality(2)});
      },
      "add up to 3");
  expectMessage(
      [&] {
        GenericMechanicalProblem(Matrix(M), Eigen::VectorXd::Ones(3), {GmpBlock::equality(4)});
      },
      "q has 3 entries");
  expectMessage(
      [&] {
        GenericMechanicalProblem(Matrix(Eigen::MatrixXd::Identity(4, 3)), q,
                                 {GmpBlock::equality(4)});
      },
      "not square");
  expectMessage(
      [&] {
        GenericMechanicalProblem(Matrix(M), q,
                                 {GmpBlock::equality(1), GmpBlock::frictionContact(3, -0.1)});
      },
      "mu = -0.1");
  expectMessage(
      [&] {
        GmpBlock b = GmpBlock::frictionContact(3, 0.1);
        b.size = 4;
        GenericMechanicalProblem(Matrix(M), q, {b});
      },
      "one contact of size 3");
  expectMessage(
      [&] {
        GenericMechanicalProblem(
            Matrix(M), q,
            {GmpBlock::equality(2), GmpBlock::relay(Eigen::Vector2d(1, 0), Eigen::Vector2d(0, 1))});
      },
      "invalid bounds");
  expectMessage(
      [&] {
        GenericMechanicalProblem(Matrix(M), q, {GmpBlock::equality(0), GmpBlock::equality(4)});
      },
      "size 0");
  expectMessage([&] { GmpBlock::frictionContact(4, 0.1); }, "dimension 4");
  // unknown solver name: the message lists the names
  GenericMechanicalProblem ok(Matrix(M), q, {GmpBlock::equality(4)});
  Eigen::VectorXd z, w;
  SolverOptions o;
  o.solver = "lemke";
  expectMessage([&] { solveGenericMechanical(ok, z, w, o); }, "nsgs");
  o.solver = "NSGS";  // case-insensitive
  EXPECT_TRUE(solveGenericMechanical(ok, z, w, o).converged());
  EXPECT_LT((z + q).norm(), 1e-14);
}

TEST(GmpNsgs, HardProblemsAreReportedNotThrown) {
  // infeasible complementarity row (M = 0, q < 0): no solution, MaxIterations, finite z
  GenericMechanicalProblem p(Matrix(Eigen::MatrixXd::Zero(2, 2)), Eigen::Vector2d(-1, 1),
                             {GmpBlock::complementarity(1), GmpBlock::complementarity(1)});
  Eigen::VectorXd z, w;
  SolverOptions o = tight(1e-10, 50);
  SolverResult r;
  EXPECT_NO_THROW(r = gmpNsgs(p, z, w, o));
  EXPECT_EQ(r.status, SolverStatus::MaxIterations);
  EXPECT_TRUE(z.allFinite());
  EXPECT_GT(r.error, 0.0);
  // singular equality block (rank 1, consistent): a particular solution is found
  Eigen::Matrix2d S;
  S << 1, 1, 1, 1;
  GenericMechanicalProblem ps(Matrix(Eigen::MatrixXd(S)), Eigen::Vector2d(-2, -2),
                              {GmpBlock::equality(2)});
  r = gmpNsgs(ps, z, w, o);
  EXPECT_TRUE(r.converged()) << r.error;
  EXPECT_NEAR(z[0] + z[1], 2.0, 1e-12);
  // non-finite data: Failed, z = 0, w = q
  GenericMechanicalProblem pn(Matrix(Eigen::MatrixXd::Identity(2, 2)), Eigen::Vector2d(1, 1),
                              {GmpBlock::equality(2)});
  pn.q()[1] = NAN;
  r = gmpNsgs(pn, z, w, o);
  EXPECT_EQ(r.status, SolverStatus::Failed);
  EXPECT_EQ(z, Eigen::Vector2d::Zero());
  // budget too small: MaxIterations with the error of the returned z
  const GenericMechanicalProblem pm = mixedProblem(50, Matrix::Storage::Dense);
  r = gmpNsgs(pm, z, w, tight(1e-14, 2));
  EXPECT_EQ(r.status, SolverStatus::MaxIterations);
  EXPECT_EQ(r.iterations, 2);
  Eigen::VectorXd w2;
  EXPECT_DOUBLE_EQ(r.error, gmpComputeError(pm, z, w2));
}

TEST(GmpSolver, ReusesItsSetupAcrossInPlaceRefills) {
  GenericMechanicalProblem p = mixedProblem(60, Matrix::Storage::SparseBlock);
  GenericMechanicalSolver solver("nsgs", tight(1e-10));
  Eigen::VectorXd z, w;
  ASSERT_TRUE(solver.solve(p, z, w).converged());
  EXPECT_EQ(solver.setupCount(), 1);
  // refill values in place (scaled matrix, new q): no new setup, still converges
  for (double& v : p.M().sparseBlock().values()) v *= 2.0;
  p.q() *= 0.5;
  const SolverResult r = solver.solve(p, z, w);
  EXPECT_TRUE(r.converged()) << r.error;
  EXPECT_EQ(solver.setupCount(), 1);
  expectBlockLaws(p, z, w, 1e-7);
  // a structure change (μ of a block does not count, a block type does)
  p.mu(1) = 0.2;
  EXPECT_TRUE(solver.solve(p, z, w).converged());
  EXPECT_EQ(solver.setupCount(), 1);
  EXPECT_THROW(p.mu(0), std::invalid_argument);
  std::vector<GmpBlock> blocks = p.blocks();
  blocks[2] = GmpBlock::equality(2);
  p.setBlocks(blocks);
  EXPECT_TRUE(solver.solve(p, z, w).converged());
  EXPECT_EQ(solver.setupCount(), 2);
}

}  // namespace
}  // namespace moreau::numerics

// ---------------------------------------------------------------------------
// GenericMechanical .dat files
// ---------------------------------------------------------------------------

namespace moreau::numerics {
namespace {

TEST(GmpFile, WriteThenReadIsBitwiseExact) {
  // eq(2), fc3d, comp(2), fc3d, from the dense SPD matrix of a random problem
  const std::vector<GmpBlock> blocks = {GmpBlock::equality(2), GmpBlock::frictionContact(3, 0.5),
                                        GmpBlock::complementarity(2),
                                        GmpBlock::frictionContact(3, 0.3)};
  const Eigen::MatrixXd M = randomSpd(10, 71);
  const Eigen::VectorXd q = randomVector(10, 72, 2.0);
  GenericMechanicalProblem p(Matrix(M), q, blocks);
  test::TempFile file("gmp.dat");
  writeGenericMechanicalFile(p, file.str());
  const GenericMechanicalProblem r = readGenericMechanicalFile(file.str());
  ASSERT_TRUE(r.M().isSparseBlock());
  EXPECT_EQ(r.M().toDense(), M);
  EXPECT_EQ(r.q(), q);
  ASSERT_EQ(r.numberOfBlocks(), 4);
  for (Eigen::Index b = 0; b < 4; ++b) {
    EXPECT_EQ(r.block(b).type, blocks[static_cast<std::size_t>(b)].type);
    EXPECT_EQ(r.block(b).size, blocks[static_cast<std::size_t>(b)].size);
    EXPECT_EQ(r.block(b).mu, blocks[static_cast<std::size_t>(b)].mu);
  }
  // the same answer from both
  Eigen::VectorXd z1, w1, z2, w2;
  ASSERT_TRUE(gmpNsgs(p, z1, w1, tight(1e-10)).converged());
  ASSERT_TRUE(gmpNsgs(r, z2, w2, tight(1e-10)).converged());
  EXPECT_LT((z1 - z2).norm(), 1e-12 * (1 + z1.norm()));
}

TEST(GmpFile, RejectsUndocumentedTypesAndMalformedFiles) {
  // a 2x2 sparse-block M with one 1x1 block row pair, then a relay type
  const std::string header = "1 2 2\n2 2 2\n1 2\n1 2\n3 2\n0 1 2\n0 1\n0\n2\n1\n3\n1 1\n";
  test::TempFile relay("relay.dat", header + "0\n9\n");
  EXPECT_THROW(readGenericMechanicalFile(relay.str()), std::runtime_error);
  test::TempFile ok("ok.dat", header + "0\n2\n");
  const GenericMechanicalProblem p = readGenericMechanicalFile(ok.str());
  EXPECT_EQ(p.block(0).type, GmpBlockType::Complementarity);
  EXPECT_EQ(p.block(1).type, GmpBlockType::Equality);
  test::TempFile badType("bad.dat", header + "0\n7\n");
  EXPECT_THROW(readGenericMechanicalFile(badType.str()), std::runtime_error);
  test::TempFile fcSize("fc.dat", header + "4\n0.5\n2\n");  // FC3D on a 1-row block
  EXPECT_THROW(readGenericMechanicalFile(fcSize.str()), std::runtime_error);
  // the writer refuses what the layout cannot hold
  GenericMechanicalProblem withRelay(
      Matrix(Eigen::MatrixXd(Eigen::Matrix2d::Identity())), Eigen::Vector2d(1, 1),
      {GmpBlock::relay(Eigen::Vector2d(-1, -1), Eigen::Vector2d(1, 1))});
  test::TempFile out("out.dat");
  EXPECT_THROW(writeGenericMechanicalFile(withRelay, out.str()), std::invalid_argument);
}

}  // namespace
}  // namespace moreau::numerics
