// The bouncing ball of the API contract (docs/kernel/modelling.md): first
// impact time, Newton restitution at the impact step, bounded penetration.
#include "KernelTestUtils.hpp"

#include <moreau/Moreau.hpp>

#include <cmath>
#include <vector>

using namespace moreau;

namespace {
struct Record {
  double t, q, v, p, lambda, vStart;
};
}  // namespace

TEST(BouncingBall, ContractMainBehaves) {
  const double m = 1, R = 0.1, g = 9.81, e = 0.9, theta = 0.5, h = 0.005, t0 = 0, T = 10;
  Eigen::MatrixXd M = Eigen::Vector3d(m, m, 0.4 * m * R * R).asDiagonal();
  auto ball =
      std::make_shared<LagrangianLinearTIDS>(Eigen::Vector3d(1, 0, 0), Eigen::Vector3d::Zero(), M);
  ball->setFExtPtr(Eigen::Vector3d(-m * g, 0, 0));
  Eigen::MatrixXd H(1, 3);
  H << 1, 0, 0;
  auto inter = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(e),
                                             std::make_shared<LagrangianLinearTIR>(H));
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(t0, T);
  nsds->insertDynamicalSystem(ball);
  nsds->link(inter, ball);
  auto td = std::make_shared<TimeDiscretisation>(t0, h);
  auto osi = std::make_shared<MoreauJeanOSI>(theta);
  auto lcp = std::make_shared<LCP>();
  auto sim = std::make_shared<TimeStepping>(nsds, td, osi, lcp);
  EXPECT_EQ(sim->numberOfSteps(), 2000u);

  std::vector<Record> rec;
  while (sim->hasNextEvent()) {
    const double vStart = ball->velocity()(0);
    sim->computeOneStep();
    rec.push_back({sim->nextTime(), ball->q()(0), ball->velocity()(0), ball->p(1)(0),
                   inter->lambda(1)(0), vStart});
    EXPECT_EQ(ball->p(1)(0), inter->lambda(1)(0));  // p = Hᵀλ
    EXPECT_GE(inter->lambda(1)(0), 0.0);
    EXPECT_TRUE(lcp->lastResult().converged());
    sim->nextStep();
  }
  ASSERT_EQ(rec.size(), 2000u);
  EXPECT_NEAR(rec.back().t, T, 1e-12);

  // First impact: the first step with a positive impulse.
  std::size_t first = 0;
  while (first < rec.size() && rec[first].lambda <= 0) ++first;
  ASSERT_LT(first, rec.size());
  const double tImpact = std::sqrt(2.0 / g);
  EXPECT_NEAR(rec[first].t, tImpact, h);
  const Record& r = rec[first];
  // Velocity before the impact (the contact is activated at the predicted state q_k + h v_k:
  // up to one step before the crossing).
  EXPECT_NEAR(r.vStart, -g * tImpact, 2 * g * h);
  EXPECT_NEAR(r.v, -e * r.vStart, 1e-12);                        // ẏ_{k+1} = −e ẏ_k
  EXPECT_NEAR(r.lambda, m * (r.v - (r.vStart - g * h)), 1e-12);  // λ = m(v_{k+1} − v_free)
  for (std::size_t i = 0; i < first; ++i) {  // free fall before: exact for θ = 1/2
    EXPECT_EQ(rec[i].lambda, 0.0);
    EXPECT_NEAR(rec[i].q, 1 - 0.5 * g * rec[i].t * rec[i].t, 1e-12);
  }

  // Second impact about 2 e v / g later (bounce of height e²).
  std::size_t second = first + 1;
  while (second < rec.size() && rec[second].lambda <= 0) ++second;
  ASSERT_LT(second, rec.size());
  EXPECT_NEAR(rec[second].t - rec[first].t, 2 * e * std::sqrt(2 * g) / g, 2 * h);
  double apex = 0;
  for (std::size_t i = first; i < second; ++i) apex = std::max(apex, rec[i].q);
  EXPECT_NEAR(apex, e * e, 0.02);

  // Never below −O(h v): bounded penetration.
  const double vMax = std::sqrt(2 * g);
  for (const Record& x : rec) EXPECT_GE(x.q, -h * vMax);
  // At rest at the end (the accumulation time is (1 + 2e/(1−e)) √(2/g) ≈ 8.6 s).
  EXPECT_NEAR(rec.back().q, 0.0, h * vMax);
  EXPECT_LT(std::abs(rec.back().v), 0.1);
  // The other coordinates never move.
  EXPECT_EQ(ball->q()(1), 0.0);
  EXPECT_EQ(ball->q()(2), 0.0);
}
