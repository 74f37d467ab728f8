// Equality: two masses on a line joined by a rigid link x2 − x1 = L
// (EqualityConditionNSL), mass 1 on a spring, mass 2 pushed by a force:
// y stays 0 to rounding, the motion is that of the merged mass m1 + m2 on the
// spring (the same θ-scheme), the assembled problem equals the dense
// reference and its solution the direct solve; law and solver errors.
#include "KernelTestUtils.hpp"

#include <moreau/Moreau.hpp>

#include <cmath>

using namespace moreau;

namespace {

struct Link {
  double m1 = 1.0, m2 = 3.0, k = 40.0, L = 0.5, f = 2.0, h = 1e-3, T = 2.0;
  std::shared_ptr<NonSmoothDynamicalSystem> nsds;
  std::shared_ptr<LagrangianLinearTIDS> a, b;
  std::shared_ptr<Interaction> rod;

  Link() {
    nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, T);
    const Eigen::VectorXd one = Eigen::VectorXd::Ones(1);
    a = std::make_shared<LagrangianLinearTIDS>(
        0.2 * one, 0.7 * one, m1 * one.asDiagonal().toDenseMatrix(),
        k * Eigen::MatrixXd::Ones(1, 1), Eigen::MatrixXd::Zero(1, 1));
    b = std::make_shared<LagrangianLinearTIDS>((0.2 + L) * one, 0.7 * one,
                                               m2 * Eigen::MatrixXd::Ones(1, 1));
    b->setFExtPtr(f * one);
    nsds->insertDynamicalSystem(a);
    nsds->insertDynamicalSystem(b);
    Eigen::MatrixXd H(1, 2);
    H << -1, 1;
    rod = std::make_shared<Interaction>(
        std::make_shared<EqualityConditionNSL>(1),
        std::make_shared<LagrangianLinearTIR>(H, Eigen::VectorXd::Constant(1, -L)));
    rod->setName("rod");
    nsds->link(rod, a, b);
  }
};

}  // namespace

TEST(Equality, BilateralConstraintIsMaintainedAndMatchesTheMergedSystem) {
  Link model;
  auto osi = std::make_shared<MoreauJeanOSI>(0.5);
  auto equality = std::make_shared<Equality>();
  EXPECT_EQ(equality->numericsSolverOptions().solver, "auto");
  equality->setTolerance(1e-14);
  TimeStepping sim(model.nsds, std::make_shared<TimeDiscretisation>(0.0, model.h), osi, equality);

  // The merged system: one mass m1 + m2 on the spring, pushed by f.
  const Eigen::VectorXd one = Eigen::VectorXd::Ones(1);
  auto merged = std::make_shared<LagrangianLinearTIDS>(
      0.2 * one, 0.7 * one, (model.m1 + model.m2) * Eigen::MatrixXd::Ones(1, 1),
      model.k * Eigen::MatrixXd::Ones(1, 1), Eigen::MatrixXd::Zero(1, 1));
  merged->setFExtPtr(model.f * one);
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, model.T);
  nsds->insertDynamicalSystem(merged);
  TimeStepping reference(nsds, std::make_shared<TimeDiscretisation>(0.0, model.h),
                         std::make_shared<MoreauJeanOSI>(0.5), std::make_shared<LCP>());

  sim.initialize();
  reference.initialize();
  double maxY = 0.0, maxDiff = 0.0;
  bool compared = false;
  while (sim.hasNextEvent()) {
    sim.computeOneStep();
    reference.computeOneStep();
    ASSERT_TRUE(equality->lastResult().converged()) << equality->lastResult().message;
    ASSERT_EQ(equality->size(), 1);
    if (!compared) {
      compared = true;
      // Dense reference: W = H M̂⁻¹ Hᵀ, q = H v_free, λ = −q / W.
      const double th = 0.5, h = model.h;
      const double mhat1 = model.m1 + h * h * th * th * model.k, mhat2 = model.m2;
      const double W = 1 / mhat1 + 1 / mhat2;
      const double q = osi->freeVelocity(*model.b)(0) - osi->freeVelocity(*model.a)(0);
      EXPECT_NEAR(equality->matrix().toDense()(0, 0), W, 1e-15);
      EXPECT_NEAR(equality->q()(0), q, 1e-15);
      EXPECT_NEAR(model.rod->lambda(1)(0), -q / W, 1e-14);
      EXPECT_EQ(equality->lastResult().solver, "dense");
    }
    maxY = std::max({maxY, std::abs(model.rod->y(0)(0)), std::abs(model.rod->y(1)(0))});
    maxDiff = std::max({maxDiff, std::abs(model.a->q()(0) - merged->q()(0)),
                        std::abs(model.b->velocity()(0) - merged->velocity()(0))});
    sim.nextStep();
    reference.nextStep();
  }
  EXPECT_LT(maxY, 1e-12);
  EXPECT_LT(maxDiff, 1e-10);
  // It oscillated (the spring moved the pair by more than the link length).
  EXPECT_GT(std::abs(model.a->q()(0) - 0.2), 1e-3);
}

TEST(Equality, SparseSolversGiveTheDenseAnswer) {
  for (const char* solver : {"umfpack", "eigenlu", "klu"}) {
    Link dense, sparse;
    auto pDense = std::make_shared<Equality>("dense");
    auto pSparse = std::make_shared<Equality>(solver);
    TimeStepping a(dense.nsds, std::make_shared<TimeDiscretisation>(0.0, dense.h),
                   std::make_shared<MoreauJeanOSI>(0.5), pDense);
    TimeStepping b(sparse.nsds, std::make_shared<TimeDiscretisation>(0.0, sparse.h),
                   std::make_shared<MoreauJeanOSI>(0.5), pSparse);
    for (int k = 0; k < 50; ++k) {
      a.computeOneStep();
      b.computeOneStep();
      ASSERT_TRUE(pSparse->lastResult().converged())
          << solver << ": " << pSparse->lastResult().message;
      EXPECT_EQ(pSparse->lastResult().solver, solver);
      EXPECT_NEAR(sparse.rod->lambda(1)(0), dense.rod->lambda(1)(0), 1e-13) << solver;
      a.nextStep();
      b.nextStep();
    }
  }
}

TEST(Equality, RejectsOtherLawsAndReportsARedundantSystem) {
  Link model;
  auto impact = std::make_shared<Interaction>(
      std::make_shared<NewtonImpactNSL>(0.0),
      std::make_shared<LagrangianLinearTIR>(Eigen::MatrixXd::Ones(1, 1)));
  impact->setName("wall");
  model.nsds->link(impact, model.a);
  TimeStepping sim(model.nsds, std::make_shared<TimeDiscretisation>(0.0, model.h),
                   std::make_shared<MoreauJeanOSI>(), std::make_shared<Equality>());
  EXPECT_THROW_WITH(sim.initialize(), ModelError, "Equality", "'wall'", "NewtonImpactNSL",
                    "EqualityConditionNSL");
  EXPECT_THROW_WITH(Equality("lemke"), ModelError, "Equality", "unknown solver 'lemke'");

  // The same link twice: a singular but consistent system. The dense LU
  // solves it (the impulses add up to the single link's); Cholesky reports
  // the singular matrix as a failure and the simulation's policy applies
  // (Throw: a SimulationError naming the problem and the solver).
  for (const char* solver : {"dense", "cholmod"}) {
    Link single, twice;
    Eigen::MatrixXd H(1, 2);
    H << -1, 1;
    auto copy = std::make_shared<Interaction>(
        std::make_shared<EqualityConditionNSL>(1),
        std::make_shared<LagrangianLinearTIR>(H, Eigen::VectorXd::Constant(1, -twice.L)));
    twice.nsds->link(copy, twice.a, twice.b);
    auto equality = std::make_shared<Equality>(solver);
    TimeStepping redundant(twice.nsds, std::make_shared<TimeDiscretisation>(0.0, twice.h),
                           std::make_shared<MoreauJeanOSI>(), equality);
    TimeStepping reference(single.nsds, std::make_shared<TimeDiscretisation>(0.0, single.h),
                           std::make_shared<MoreauJeanOSI>(), std::make_shared<Equality>());
    reference.computeOneStep();
    if (std::string(solver) == "dense") {
      redundant.computeOneStep();
      ASSERT_EQ(equality->size(), 2);
      EXPECT_TRUE(equality->lastResult().converged());
      EXPECT_NEAR(twice.rod->lambda(1)(0) + copy->lambda(1)(0), single.rod->lambda(1)(0), 1e-14);
      EXPECT_NEAR(twice.rod->y(1)(0), 0.0, 1e-14);
    } else {
      EXPECT_THROW_WITH(redundant.computeOneStep(), SimulationError, "Equality", "'cholmod'");
      EXPECT_FALSE(equality->lastResult().converged());
      EXPECT_FALSE(equality->lastResult().message.empty());
    }
  }
}
