// SphereStack (issue 9 frictional benchmark, examples/SphereStack): after the columns have
// settled, every normal impulse equals the weight carried over the step, (L − k) m g h under
// sphere k (the column is a chain, so this is the only equilibrium), the tangential impulses
// and the velocities are zero, the spheres rest at the contact distance, the lateral contacts
// (no horizontal load) carry nothing, and every solve converged. The tolerance is the
// solver's (1e-8, relative) with a margin.
#include <gtest/gtest.h>

#include <cmath>

#include "SphereStackModel.hpp"

namespace {

using moreau::examples::SphereStack;
using moreau::examples::SphereStackParameters;
namespace spheres = moreau::examples::spheres;

struct Outcome {
  bool allConverged = true;
  long solves = 0;
};

Outcome run(const SphereStack& stack) {
  Outcome out;
  moreau::TimeStepping& sim = *stack.simulation;
  sim.initialize();
  while (sim.hasNextEvent()) {
    sim.computeOneStep();
    if (stack.problem->size() > 0) {
      ++out.solves;
      out.allConverged = out.allConverged && stack.problem->lastResult().converged();
    }
    sim.nextStep();
  }
  return out;
}

void expectAtRest(const SphereStack& stack, const SphereStackParameters& p) {
  const long L = stack.height;
  const double tol = 1e-6;  // relative, on impulses of order m g h
  for (std::size_t c = 0; c < stack.vertical.size(); ++c) {
    const long k = static_cast<long>(c % static_cast<std::size_t>(L));
    const double carried = static_cast<double>(L - k) * spheres::kMass * spheres::kGravity * p.h;
    const Eigen::VectorXd& lambda = stack.vertical[c]->lambda(1);
    EXPECT_NEAR(lambda(0), carried, tol * carried) << "contact " << c << " (level " << k << ")";
    EXPECT_NEAR(lambda(1), 0.0, tol * carried) << "contact " << c;
    EXPECT_NEAR(lambda(2), 0.0, tol * carried) << "contact " << c;
    // At rest on the contact: an open gap of O(h² g) at most, the penetration left by the
    // impacts at most h · v_impact (velocity-level scheme, no position correction), with
    // v_impact ≤ sqrt(2 g (L + 1) gap); zero normal and tangential velocity.
    const Eigen::VectorXd& y = stack.vertical[c]->y(0);
    const double vImpact = std::sqrt(2 * spheres::kGravity * static_cast<double>(L + 1) * p.gap);
    EXPECT_LE(y(0), 10 * p.h * p.h * spheres::kGravity) << "contact " << c;
    EXPECT_GE(y(0), -p.h * vImpact) << "contact " << c;
    EXPECT_LT(stack.vertical[c]->y(1).cwiseAbs().maxCoeff(), 1e-9) << "contact " << c;
  }
  for (const auto& contact : stack.lateral)
    EXPECT_LT(contact->lambda(1).cwiseAbs().maxCoeff(), tol * spheres::kGravity * p.h);
  for (const auto& sphere : stack.spheres) {
    EXPECT_LT(sphere->velocity().cwiseAbs().maxCoeff(), 1e-9);
    // No horizontal motion at all (no horizontal load, symmetric contacts).
    EXPECT_NEAR(sphere->q()(0), sphere->q0()(0), 1e-12);
    EXPECT_NEAR(sphere->q()(1), sphere->q0()(1), 1e-12);
  }
}

TEST(SphereStack, ModelSizes) {
  SphereStackParameters p;
  p.columnsPerSide = 3;
  p.height = 4;
  p.lateral = true;
  const SphereStack stack = moreau::examples::makeSphereStack(p);
  EXPECT_EQ(stack.spheres.size(), 36u);
  EXPECT_EQ(stack.vertical.size(), 36u);
  EXPECT_EQ(stack.lateral.size(), 2u * 3u * 2u * 4u);
  EXPECT_EQ(stack.numberOfContacts(), 84u);
  p.height = 0;
  EXPECT_THROW(moreau::examples::makeSphereStack(p), moreau::ModelError);
}

TEST(SphereStack, SettledColumnsCarryTheWeightAbove) {
  SphereStackParameters p;
  p.columnsPerSide = 3;
  p.height = 6;
  p.T = 0.3;
  const SphereStack stack = moreau::examples::makeSphereStack(p);
  const Outcome out = run(stack);
  EXPECT_TRUE(out.allConverged);
  EXPECT_GT(out.solves, 0);
  expectAtRest(stack, p);
}

TEST(SphereStack, LateralContactsCarryNothing) {
  SphereStackParameters p;
  p.columnsPerSide = 3;
  p.height = 4;
  p.lateral = true;
  p.T = 0.3;
  const SphereStack stack = moreau::examples::makeSphereStack(p);
  const Outcome out = run(stack);
  EXPECT_TRUE(out.allConverged);
  expectAtRest(stack, p);
}

// The test must be able to fail: with μ = 0 and a horizontal push the tangential impulse is
// still zero but the spheres slide, so the "no horizontal motion" check catches it.
TEST(SphereStack, CheckDetectsSliding) {
  SphereStackParameters p;
  p.columnsPerSide = 1;
  p.height = 2;
  p.mu = 0.0;
  p.T = 0.1;
  const SphereStack stack = moreau::examples::makeSphereStack(p);
  stack.spheres[1]->setFExtPtr(Eigen::Vector3d(0.5, 0, -spheres::kMass * spheres::kGravity));
  run(stack);
  EXPECT_GT(std::abs(stack.spheres[1]->q()(0) - stack.spheres[1]->q0()(0)), 1e-4);
}

}  // namespace
