// MoreauJeanOSI with a non-symmetric iteration matrix M̂ = M + hθC + h²θ²K (non-symmetric K:
// follower-type forces; or the tangent K_t, C_t of gyroscopic terms in the Newton loop). The
// Cholesky factorization reads one triangle only, so M̂ must go to LU: the step is compared with
// the θ-scheme solved densely. (Found on the SliderCrankTS example: the Newton loop converged
// linearly with a Cholesky of the non-symmetric W.)
#include "KernelTestUtils.hpp"

#include <moreau/Moreau.hpp>

#include <Eigen/LU>

using namespace moreau;

namespace {

const double kH = 0.1, kTheta = 0.5;

Eigen::Matrix2d stiffness() {
  Eigen::Matrix2d K;
  K << 4.0, 1.0, -1.0, 3.0;  // not symmetric; M̂'s lower triangle alone is SPD
  return K;
}

// One θ-step of M v̇ + K q = 0 (M = I, C = 0) solved densely:
// M̂ (v1 − v0) = −K (h q0 + h²θ v0), q1 = q0 + h(θ v1 + (1 − θ) v0).
void thetaStep(const Eigen::Vector2d& q0, const Eigen::Vector2d& v0, Eigen::Vector2d& q1,
               Eigen::Vector2d& v1) {
  const Eigen::Matrix2d K = stiffness();
  const Eigen::Matrix2d Mhat = Eigen::Matrix2d::Identity() + kH * kH * kTheta * kTheta * K;
  v1 = v0 + Mhat.partialPivLu().solve(-K * (kH * q0 + kH * kH * kTheta * v0));
  q1 = q0 + kH * (kTheta * v1 + (1 - kTheta) * v0);
}

}  // namespace

TEST(MoreauJeanIterationMatrix, NonSymmetricStiffnessOfALinearSystem) {
  const Eigen::Vector2d q0(0.3, -0.2), v0(1.0, 0.5);
  auto ds = std::make_shared<LagrangianLinearTIDS>(q0, v0, Eigen::Matrix2d::Identity(), stiffness(),
                                                   Eigen::Matrix2d::Zero());
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 3 * kH);
  nsds->insertDynamicalSystem(ds);
  auto osi = std::make_shared<MoreauJeanOSI>(kTheta);
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, kH), osi,
                   std::make_shared<LCP>());
  Eigen::Vector2d q = q0, v = v0, q1, v1;
  while (sim.hasNextEvent()) {
    sim.computeOneStep();
    thetaStep(q, v, q1, v1);
    EXPECT_LT((ds->q() - q1).norm(), 1e-14);
    EXPECT_LT((ds->velocity() - v1).norm(), 1e-14);
    q = q1;
    v = v1;
    sim.nextStep();
  }
  EXPECT_FALSE(osi->isIterationMatrixSPD(*ds));
}

TEST(MoreauJeanIterationMatrix, NonSymmetricTangentStiffnessInTheNewtonLoop) {
  // The same forces as user functions (nonlinear path). F_int = K q is linear, so 𝓡(u) is
  // affine in u; the iteration starts from (q⁰, u⁰) = (q_k + h v_k, v_k), on the line
  // q(u) = q_k + h(θu + (1 − θ)v_k) (Siconos's predicted start), so the first iterate is exact
  // (when W is solved exactly): one iteration per step, with W = M + h²θ² K_t non-symmetric.
  const Eigen::Vector2d q0(0.3, -0.2), v0(1.0, 0.5);
  auto ds = std::make_shared<LagrangianDS>(
      q0, v0,
      [](const Eigen::VectorXd&, const Eigen::VectorXd&, Eigen::MatrixXd& M) { M.setIdentity(); });
  ds->setComputeFIntFunction([](double, const Eigen::VectorXd& q, const Eigen::VectorXd&,
                                const Eigen::VectorXd&,
                                Eigen::VectorXd& f) { f = stiffness() * q; });
  ds->setComputeJacobianFIntqFunction([](double, const Eigen::VectorXd&, const Eigen::VectorXd&,
                                         const Eigen::VectorXd&,
                                         Eigen::MatrixXd& J) { J = stiffness(); });
  ds->setComputeJacobianFIntqDotFunction([](double, const Eigen::VectorXd&, const Eigen::VectorXd&,
                                            const Eigen::VectorXd&,
                                            Eigen::MatrixXd& J) { J.setZero(); });
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 3 * kH);
  nsds->insertDynamicalSystem(ds);
  auto osi = std::make_shared<MoreauJeanOSI>(kTheta);
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, kH), osi,
                   std::make_shared<LCP>());
  sim.setNewtonTolerance(1e-14);
  Eigen::Vector2d q = q0, v = v0, q1, v1;
  while (sim.hasNextEvent()) {
    sim.computeOneStep();
    EXPECT_EQ(sim.newtonIterations(), 1u);
    EXPECT_LT(sim.newtonStateResidual(), 1e-15);
    thetaStep(q, v, q1, v1);
    EXPECT_LT((ds->q() - q1).norm(), 1e-14);
    EXPECT_LT((ds->velocity() - v1).norm(), 1e-14);
    q = q1;
    v = v1;
    sim.nextStep();
  }
  EXPECT_FALSE(osi->isIterationMatrixSPD(*ds));
}

TEST(MoreauJeanIterationMatrix, NonSymmetricStiffnessUnderMoreauJeanGOSI) {
  // The same linear system under the global-formulation integrator: its M̂ must go to LU too.
  const Eigen::Vector2d q0(0.3, -0.2), v0(1.0, 0.5);
  auto ds = std::make_shared<LagrangianLinearTIDS>(q0, v0, Eigen::Matrix2d::Identity(), stiffness(),
                                                   Eigen::Matrix2d::Zero());
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 3 * kH);
  nsds->insertDynamicalSystem(ds);
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, kH),
                   std::make_shared<MoreauJeanGOSI>(kTheta),
                   std::make_shared<GlobalFrictionContact>(2));
  Eigen::Vector2d q = q0, v = v0, q1, v1;
  int steps = 0;
  while (sim.hasNextEvent()) {
    sim.computeOneStep();
    thetaStep(q, v, q1, v1);
    EXPECT_LT((ds->q() - q1).norm(), 1e-14);
    EXPECT_LT((ds->velocity() - v1).norm(), 1e-14);
    q = q1;
    v = v1;
    sim.nextStep();
    ++steps;
  }
  EXPECT_EQ(steps, 3);
}
