// Two masses colliding through one interaction linking both: momentum is
// conserved and the relative velocity is reversed with factor e.
#include "KernelTestUtils.hpp"

#include <moreau/Moreau.hpp>

#include <cmath>

using namespace moreau;

TEST(TwoMasses, MomentumAndRestitution) {
  const double m1 = 1, m2 = 3, e = 0.7, h = 1e-3, gapAtContact = 0.5;
  auto left = std::make_shared<LagrangianLinearTIDS>(Eigen::VectorXd::Constant(1, 0.0),
                                                     Eigen::VectorXd::Constant(1, 2.0),
                                                     Eigen::MatrixXd::Constant(1, 1, m1));
  auto right = std::make_shared<LagrangianLinearTIDS>(Eigen::VectorXd::Constant(1, 1.0),
                                                      Eigen::VectorXd::Constant(1, -0.5),
                                                      Eigen::MatrixXd::Constant(1, 1, m2));
  Eigen::MatrixXd H(1, 2);
  H << -1, 1;  // y = q_right − q_left − 0.5
  auto contact = std::make_shared<Interaction>(
      std::make_shared<NewtonImpactNSL>(e),
      std::make_shared<LagrangianLinearTIR>(H, Eigen::VectorXd::Constant(1, -gapAtContact)));
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 0.5);
  nsds->insertDynamicalSystem(left);
  nsds->insertDynamicalSystem(right);
  nsds->link(contact, left, right);
  auto lcp = std::make_shared<LCP>();
  TimeStepping sim(nsds, std::make_shared<TimeDiscretisation>(0.0, h),
                   std::make_shared<MoreauJeanOSI>(0.5), lcp);

  const double momentum = m1 * 2.0 + m2 * -0.5;
  const double relative0 = -0.5 - 2.0;
  int impacts = 0;
  while (sim.hasNextEvent()) {
    const double relStart = contact->y(1)(0);
    sim.computeOneStep();
    const double v1 = left->velocity()(0), v2 = right->velocity()(0);
    EXPECT_NEAR(m1 * v1 + m2 * v2, momentum, 1e-12);
    EXPECT_GE(contact->y(0)(0), -h * std::abs(relative0));
    if (contact->lambda(1)(0) > 0) {
      ++impacts;
      EXPECT_NEAR(v2 - v1, -e * relStart, 1e-12);
      EXPECT_NEAR(left->p(1)(0), -contact->lambda(1)(0), 1e-15);
      EXPECT_NEAR(right->p(1)(0), contact->lambda(1)(0), 1e-15);
      EXPECT_EQ(lcp->size(), 1);
    }
    EXPECT_NEAR(contact->y(1)(0), right->velocity()(0) - left->velocity()(0), 1e-15);
    sim.nextStep();
  }
  EXPECT_EQ(impacts, 1);
  EXPECT_NEAR(right->velocity()(0) - left->velocity()(0), -e * relative0, 1e-12);
}
