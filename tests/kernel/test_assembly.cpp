// Worked assembly example of dev-notes §3.7, Lagrangian version: 3 systems,
// I_mu on {DS1, DS3} (dimension 3) and I_theta on {DS2, DS3} (dimension 1),
// sharing DS3. The assembled LCP must equal the dense formula
//   M = H W Hᵀ,  q = H v_free + e H v_k  with W = blockdiag(M̂_i⁻¹)
// built here from the global H (docs/theory/moreau-jean.md).
#include "KernelTestUtils.hpp"

#include <moreau/Moreau.hpp>

#include <cstdlib>

using namespace moreau;

namespace {
Eigen::MatrixXd randomSPD(Eigen::Index n, double shift) {
  const Eigen::MatrixXd A = Eigen::MatrixXd::Random(n, n);
  return A * A.transpose() + shift * Eigen::MatrixXd::Identity(n, n);
}
}  // namespace

TEST(Assembly, ThreeSystemsTwoInteractionsMatchDenseFormula) {
  std::srand(12345);
  const double h = 0.01, theta = 0.6, eMu = 0.3, eTh = 0.8;
  const Eigen::Index n1 = 2, n2 = 1, n3 = 3, N = n1 + n2 + n3;
  std::vector<std::shared_ptr<LagrangianLinearTIDS>> ds;
  std::vector<Eigen::MatrixXd> Ms, Ks, Cs;
  for (Eigen::Index n : {n1, n2, n3}) {
    Ms.push_back(randomSPD(n, 1.0));
    Ks.push_back(randomSPD(n, 0.5) * 20);
    Cs.push_back(randomSPD(n, 0.1));
    ds.push_back(std::make_shared<LagrangianLinearTIDS>(
        Eigen::VectorXd::Random(n), Eigen::VectorXd::Random(n), Ms.back(), Ks.back(), Cs.back()));
    ds.back()->setFExtPtr(Eigen::VectorXd::Random(n));
  }
  const Eigen::MatrixXd Hmu = Eigen::MatrixXd::Random(3, n1 + n3);
  const Eigen::MatrixXd Hth = Eigen::MatrixXd::Random(1, n2 + n3);
  auto qcat = [&](int a, int b) {
    Eigen::VectorXd q(ds[a]->ndof() + ds[b]->ndof());
    q << ds[a]->q(), ds[b]->q();
    return q;
  };
  // b chosen so that y(0) = −1 at t0: both interactions active at step 0.
  const Eigen::VectorXd bMu = -Hmu * qcat(0, 2) - Eigen::VectorXd::Ones(3);
  const Eigen::VectorXd bTh = -Hth * qcat(1, 2) - Eigen::VectorXd::Ones(1);
  auto mu = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(eMu),
                                          std::make_shared<LagrangianLinearTIR>(Hmu, bMu));
  auto th = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(eTh),
                                          std::make_shared<LagrangianLinearTIR>(Hth, bTh));
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  for (auto& d : ds) nsds->insertDynamicalSystem(d);
  nsds->link(mu, ds[0], ds[2]);
  nsds->link(th, ds[1], ds[2]);
  auto osi = std::make_shared<MoreauJeanOSI>(theta);
  auto lcp = std::make_shared<LCP>();
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, h), osi, lcp);

  // Global H (4 × 6): rows [mu; theta], columns [DS1 | DS2 | DS3].
  Eigen::MatrixXd Hg = Eigen::MatrixXd::Zero(4, N);
  Hg.block(0, 0, 3, n1) = Hmu.leftCols(n1);
  Hg.block(0, n1 + n2, 3, n3) = Hmu.rightCols(n3);
  Hg.block(3, n1, 1, n2) = Hth.leftCols(n2);
  Hg.block(3, n1 + n2, 1, n3) = Hth.rightCols(n3);
  Eigen::MatrixXd W = Eigen::MatrixXd::Zero(N, N);
  Eigen::VectorXd vk(N), qk(N), vfree(N);
  Eigen::Index off = 0;
  for (std::size_t i = 0; i < 3; ++i) {
    const Eigen::Index n = ds[i]->ndof();
    const Eigen::MatrixXd Mhat = Ms[i] + h * theta * Cs[i] + h * h * theta * theta * Ks[i];
    W.block(off, off, n, n) = Mhat.inverse();
    vk.segment(off, n) = ds[i]->velocity();
    qk.segment(off, n) = ds[i]->q();
    const Eigen::VectorXd& v = ds[i]->velocity();
    const Eigen::VectorXd& q = ds[i]->q();
    const Eigen::VectorXd rhs = -h * Cs[i] * v - h * Ks[i] * q - h * h * theta * Ks[i] * v +
                                h * ds[i]->fExt();  // constant force: θF + (1−θ)F = F
    vfree.segment(off, n) = v + Mhat.lu().solve(rhs);
    off += n;
  }
  const Eigen::Vector4d e(eMu, eMu, eMu, eTh);

  sim.computeOneStep();
  ASSERT_EQ(lcp->size(), 4);
  const Eigen::MatrixXd Mexp = Hg * W * Hg.transpose();
  const Eigen::VectorXd qexp = Hg * vfree + e.asDiagonal() * (Hg * vk);
  const Eigen::MatrixXd Mgot = lcp->problem().M().toDense();
  EXPECT_LT((Mgot - Mexp).cwiseAbs().maxCoeff(), 1e-12 * Mexp.cwiseAbs().maxCoeff());
  EXPECT_LT((lcp->problem().q() - qexp).cwiseAbs().maxCoeff(), 1e-12 * qexp.cwiseAbs().maxCoeff());
  // The coupling blocks are non-zero (DS3 is shared).
  EXPECT_GT(Mexp.block(0, 3, 3, 1).norm(), 1e-3);

  // Solution and update.
  ASSERT_TRUE(lcp->lastResult().converged()) << lcp->lastResult().message;
  Eigen::Vector4d lambda;
  lambda << mu->lambda(1), th->lambda(1);
  const Eigen::Vector4d w = Mexp * lambda + qexp;
  EXPECT_GE(lambda.minCoeff(), -1e-12);
  EXPECT_GE(w.minCoeff(), -1e-9);
  EXPECT_LT(std::abs(w.dot(lambda)), 1e-9);
  const Eigen::VectorXd vnext = vfree + W * Hg.transpose() * lambda;
  const Eigen::VectorXd qnext = qk + h * (theta * vnext + (1 - theta) * vk);
  const Eigen::VectorXd pg = Hg.transpose() * lambda;
  off = 0;
  for (std::size_t i = 0; i < 3; ++i) {
    const Eigen::Index n = ds[i]->ndof();
    EXPECT_LT((ds[i]->velocity() - vnext.segment(off, n)).norm(), 1e-12);
    EXPECT_LT((ds[i]->q() - qnext.segment(off, n)).norm(), 1e-12);
    EXPECT_LT((ds[i]->p(1) - pg.segment(off, n)).norm(), 1e-12);
    EXPECT_LT((osi->freeVelocity(*ds[i]) - vfree.segment(off, n)).norm(), 1e-12);
    off += n;
  }
  // Outputs at t_{k+1}.
  Eigen::VectorXd ymu = Hmu * qcat(0, 2) + bMu;
  EXPECT_LT((mu->y(0) - ymu).norm(), 1e-12);
  EXPECT_LT((mu->y(1) - (Hg * vnext).head(3)).norm(), 1e-12);
  EXPECT_LT((th->y(1) - (Hg * vnext).tail(1)).norm(), 1e-12);
}

TEST(Assembly, InactiveInteractionIsLeftOut) {
  // Same structure, theta-interaction far away (y = +1, at rest): only mu
  // enters the LCP, λ_theta = 0.
  auto d1 = std::make_shared<LagrangianDS>(Eigen::VectorXd::Zero(1), Eigen::VectorXd::Zero(1),
                                           Eigen::MatrixXd::Identity(1, 1));
  auto d2 = std::make_shared<LagrangianDS>(Eigen::VectorXd::Zero(1), Eigen::VectorXd::Zero(1),
                                           Eigen::MatrixXd::Identity(1, 1));
  d1->setFExtPtr(Eigen::VectorXd::Constant(1, -1.0));
  auto near = std::make_shared<Interaction>(
      std::make_shared<NewtonImpactNSL>(0.0),
      std::make_shared<LagrangianLinearTIR>(Eigen::MatrixXd::Ones(1, 2)));
  auto far = std::make_shared<Interaction>(
      std::make_shared<NewtonImpactNSL>(0.0),
      std::make_shared<LagrangianLinearTIR>(Eigen::MatrixXd::Ones(1, 1), Eigen::VectorXd::Ones(1)));
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 0.1);
  nsds->insertDynamicalSystem(d1);
  nsds->insertDynamicalSystem(d2);
  nsds->link(near, d1, d2);
  nsds->link(far, d2);
  auto lcp = std::make_shared<LCP>();
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, 0.01),
                   std::make_shared<MoreauJeanOSI>(), lcp);
  sim.computeOneStep();
  EXPECT_EQ(lcp->size(), 1);
  ASSERT_EQ(nsds->topology().indexSet(1).size(), 1u);
  EXPECT_EQ(nsds->topology().interaction(nsds->topology().indexSet(1)[0]), near);
  EXPECT_EQ(far->lambda(1)(0), 0.0);
  // M = H M⁻¹ Hᵀ = 2, q = H v_free = −0.01 → λ = 0.005.
  EXPECT_NEAR(near->lambda(1)(0), 0.005, 1e-14);
  EXPECT_NEAR(near->y(1)(0), 0.0, 1e-14);
}
