// Nonsmooth laws: sizes, parameters, numerics counterpart and validation.
#include "KernelTestUtils.hpp"

#include <moreau/Moreau.hpp>
#include <moreau/kernel/modeling/ComplementarityConditionNSL.hpp>
#include <moreau/kernel/modeling/EqualityConditionNSL.hpp>
#include <moreau/kernel/modeling/MixedComplementarityConditionNSL.hpp>
#include <moreau/kernel/modeling/NewtonImpactFrictionNSL.hpp>
#include <moreau/kernel/modeling/RelayNSL.hpp>

#include <cmath>
#include <limits>
#include <string>
#include <type_traits>

using namespace moreau;

namespace {
const double kNaN = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();
}  // namespace

TEST(NonSmoothLaw, SizesAndProblemKinds) {
  EXPECT_EQ(ComplementarityConditionNSL(3).size(), 3u);
  EXPECT_EQ(ComplementarityConditionNSL(3).problemKind(), NumericsProblemKind::LCP);
  EXPECT_EQ(NewtonImpactNSL(0.5).problemKind(), NumericsProblemKind::LCP);
  EXPECT_EQ(NewtonImpactNSL(0.5, 4).size(), 4u);
  EXPECT_EQ(EqualityConditionNSL(2).problemKind(), NumericsProblemKind::Equality);
  EXPECT_EQ(EqualityConditionNSL(2).size(), 2u);
  const MixedComplementarityConditionNSL mixed(2, 3);
  EXPECT_EQ(mixed.size(), 5u);
  EXPECT_EQ(mixed.equalitySize(), 2u);
  EXPECT_EQ(mixed.complementaritySize(), 3u);
  EXPECT_EQ(mixed.problemKind(), NumericsProblemKind::MLCP);
  EXPECT_EQ(RelayNSL(2).problemKind(), NumericsProblemKind::Relay);
  const NewtonImpactFrictionNSL f2(0.5, 0.1, 0.3, 2), f3(0.0, 0.0, 0.0, 3);
  EXPECT_EQ(f2.problemKind(), NumericsProblemKind::FrictionContact2D);
  EXPECT_EQ(f3.problemKind(), NumericsProblemKind::FrictionContact3D);
  EXPECT_EQ(f2.en(), 0.5);
  EXPECT_EQ(f2.et(), 0.1);
  EXPECT_EQ(f2.mu(), 0.3);
  EXPECT_EQ(f3.size(), 3u);
  EXPECT_STREQ(toString(NumericsProblemKind::FrictionContact3D), "FrictionContact3D");
  EXPECT_STREQ(toString(NumericsProblemKind::MLCP), "MLCP");
  EXPECT_STREQ(f2.typeName(), "NewtonImpactFrictionNSL");
}

TEST(NonSmoothLaw, RelayBounds) {
  const RelayNSL r(3);
  EXPECT_TRUE(r.lb().isApprox(Eigen::Vector3d::Constant(-1)));
  EXPECT_TRUE(r.ub().isApprox(Eigen::Vector3d::Constant(1)));
  const RelayNSL r2(2, Eigen::Vector2d(-kInf, 0), Eigen::Vector2d(0, 5));
  EXPECT_EQ(r2.ub()(1), 5.0);
  EXPECT_NO_THROW(RelayNSL(1, 2.0, 2.0));  // lb == ub allowed
  EXPECT_THROW_WITH(RelayNSL(1, 1.0, -1.0), ModelError, "RelayNSL", "lb = 1", "ub = -1",
                    "lb <= ub");
  EXPECT_THROW_WITH(RelayNSL(1, kNaN, 1.0), ModelError, "RelayNSL");
  EXPECT_THROW_WITH(RelayNSL(0), ModelError, "RelayNSL", "size");
  EXPECT_THROW_WITH(RelayNSL(2, Eigen::Vector2d(0, 3), Eigen::Vector2d(1, 2)), ModelError,
                    "component 1");
  EXPECT_THROW_WITH(RelayNSL(3, Eigen::Vector2d(0, 0), Eigen::Vector2d(1, 1)), ModelError, "size 2",
                    "law size 3");
}

TEST(NonSmoothLaw, ParameterValidation) {
  EXPECT_THROW_WITH(ComplementarityConditionNSL(0), ModelError, "ComplementarityConditionNSL",
                    "size must be >= 1");
  EXPECT_THROW_WITH(EqualityConditionNSL(0), ModelError, "EqualityConditionNSL", "size");
  EXPECT_THROW_WITH(MixedComplementarityConditionNSL(0, 0), ModelError,
                    "MixedComplementarityConditionNSL", "size");
  EXPECT_NO_THROW(MixedComplementarityConditionNSL(0, 2));
  EXPECT_NO_THROW(MixedComplementarityConditionNSL(2, 0));
  EXPECT_THROW_WITH(NewtonImpactNSL(1.01), ModelError, "e = 1.01", "[0, 1]");
  EXPECT_THROW_WITH(NewtonImpactFrictionNSL(0.5, 0.5, 0.3, 4), ModelError, "size 4", "not 2",
                    "or 3");
  EXPECT_THROW_WITH(NewtonImpactFrictionNSL(0.5, 0.5, 0.3, 1), ModelError, "size 1");
  EXPECT_THROW_WITH(NewtonImpactFrictionNSL(-0.1, 0.5, 0.3, 3), ModelError, "eN = -0.1");
  EXPECT_THROW_WITH(NewtonImpactFrictionNSL(0.1, 1.5, 0.3, 3), ModelError, "eT = 1.5");
  EXPECT_THROW_WITH(NewtonImpactFrictionNSL(0.1, 0.5, -0.3, 3), ModelError, "mu = -0.3", ">= 0");
  EXPECT_THROW_WITH(NewtonImpactFrictionNSL(0.1, 0.5, kInf, 2), ModelError, "mu = inf");
  EXPECT_THROW_WITH(NewtonImpactFrictionNSL(kNaN, 0.5, 0.1, 2), ModelError, "eN");
}

TEST(NonSmoothLaw, LawSizeMustDivideTheRelation) {
  auto rel = std::make_shared<LagrangianLinearTIR>(Eigen::MatrixXd::Ones(4, 2));
  EXPECT_EQ(
      Interaction(std::make_shared<NewtonImpactFrictionNSL>(0, 0, 0.5, 2), rel).numberOfRelations(),
      2u);
  EXPECT_THROW_WITH(Interaction(std::make_shared<NewtonImpactFrictionNSL>(0, 0, 0.5, 3), rel),
                    ModelError, "NewtonImpactFrictionNSL size 3", "does not divide",
                    "LagrangianLinearTIR output size 4");
}

// Porting from Siconos: NewtonImpactNSL(size, e) is the Siconos order; the
// (integer, floating-point) call in that order must not compile, while the
// Moreau forms do.
static_assert(!std::is_constructible_v<NewtonImpactNSL, int, double>,
              "NewtonImpactNSL(1, 0.9) (Siconos order) must not compile");
static_assert(!std::is_constructible_v<NewtonImpactNSL, unsigned, double>,
              "NewtonImpactNSL(1u, 0.9) (Siconos order) must not compile");
static_assert(std::is_constructible_v<NewtonImpactNSL, double, unsigned>);
static_assert(std::is_constructible_v<NewtonImpactNSL, double, int>);
static_assert(std::is_constructible_v<NewtonImpactNSL, double>);

TEST(NonSmoothLaw, SiconosArgumentOrderIsRejectedWithAClearMessage) {
  // Integer arguments compile (both orders are integers); the Moreau reading
  // (e = 2, size = 0 or 1) is invalid and the message names the Siconos order.
  EXPECT_THROW_WITH(NewtonImpactNSL(2, 1), ModelError, "e = 2", "(e, size)",
                    "Siconos's NewtonImpactNSL(size, e)");
  // Siconos NewtonImpactNSL(1, 0) (size 1, e = 0) reads as e = 1, size = 0.
  EXPECT_THROW_WITH(NewtonImpactNSL(1, 0), ModelError, "size must be >= 1", "(e, size)",
                    "Siconos's NewtonImpactNSL(size, e)");
  // A non-integer invalid e does not get the hint.
  try {
    NewtonImpactNSL(1.5);
    ADD_FAILURE() << "no ModelError";
  } catch (const ModelError& err) {
    EXPECT_EQ(std::string(err.what()).find("Siconos"), std::string::npos) << err.what();
  }
  // (1, 1) means the same in both orders.
  const NewtonImpactNSL same(1, 1);
  EXPECT_EQ(same.e(), 1.0);
  EXPECT_EQ(same.size(), 1u);

  // MixedComplementarityConditionNSL(size = 3, eqSize = 1) in Siconos order
  // is 3 equalities + 1 complementarity here: the interaction of size 3
  // rejects it and says how to write it.
  auto rel = std::make_shared<LagrangianLinearTIR>(Eigen::MatrixXd::Ones(3, 2));
  EXPECT_THROW_WITH(Interaction(std::make_shared<MixedComplementarityConditionNSL>(3, 1), rel),
                    ModelError, "MixedComplementarityConditionNSL size 4",
                    "equalities = 3, complementarities = 1",
                    "MixedComplementarityConditionNSL(eqSize, size - eqSize)");
  EXPECT_EQ(Interaction(std::make_shared<MixedComplementarityConditionNSL>(1, 2), rel).dimension(),
            3);
}
