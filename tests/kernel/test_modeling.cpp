// Unit tests of the modelling classes: sizes, accessors and input errors.
#include "KernelTestUtils.hpp"

#include <moreau/Moreau.hpp>
#include <moreau/numerics/SolverName.hpp>
#include <moreau/numerics/lcp/LcpSolvers.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

using namespace moreau;

namespace {
Eigen::MatrixXd diag(double a, double b) { return Eigen::Vector2d(a, b).asDiagonal(); }
}  // namespace

TEST(LagrangianDS, DimensionsAndInitialState) {
  LagrangianDS ds(Eigen::Vector2d(1, 2), Eigen::Vector2d(3, 4), diag(1, 2));
  EXPECT_EQ(ds.ndof(), 2);
  EXPECT_EQ(ds.dimension(), 4);  // x = [q; v]
  EXPECT_EQ(ds.q(), Eigen::Vector2d(1, 2));
  EXPECT_EQ(ds.velocity(), Eigen::Vector2d(3, 4));
  EXPECT_EQ(ds.q0(), ds.q());
  EXPECT_EQ(ds.velocity0(), ds.velocity());
  EXPECT_EQ(ds.qMemory(), ds.q());
  EXPECT_EQ(ds.fExt(), Eigen::Vector2d::Zero());
  for (unsigned level = 0; level < 3; ++level) EXPECT_EQ(ds.p(level).size(), 2);
  EXPECT_STREQ(ds.typeName(), "LagrangianDS");
  EXPECT_FALSE(ds.isInserted());
  ds.setName("body");
  EXPECT_NE(ds.description().find("'body'"), std::string::npos);
}

TEST(LagrangianDS, RejectsBadInput) {
  EXPECT_THROW_WITH(LagrangianDS(Eigen::Vector2d(1, 2), Eigen::Vector3d(0, 0, 0), diag(1, 1)),
                    ModelError, "q0 has size 2", "v0 has size 3");
  EXPECT_THROW_WITH(
      LagrangianDS(Eigen::Vector2d(1, 2), Eigen::Vector2d(0, 0), Eigen::MatrixXd::Identity(3, 3)),
      ModelError, "3x3", "q0 has size 2");
  Eigen::MatrixXd nonSym(2, 2);
  nonSym << 1, 0.5, 0, 1;
  EXPECT_THROW_WITH(LagrangianDS(Eigen::Vector2d(1, 2), Eigen::Vector2d(0, 0), nonSym), ModelError,
                    "not symmetric");
  Eigen::MatrixXd nanMass = diag(1, std::numeric_limits<double>::quiet_NaN());
  EXPECT_THROW_WITH(LagrangianDS(Eigen::Vector2d(1, 2), Eigen::Vector2d(0, 0), nanMass), ModelError,
                    "non-finite");
  EXPECT_THROW_WITH(LagrangianDS(Eigen::VectorXd(), Eigen::VectorXd(), Eigen::MatrixXd()),
                    ModelError, "empty");
}

TEST(LagrangianDS, ExternalForce) {
  LagrangianDS ds(Eigen::Vector2d(1, 2), Eigen::Vector2d(3, 4), diag(1, 2));
  ds.setName("ball");
  EXPECT_THROW_WITH(ds.setFExtPtr(Eigen::Vector3d(1, 2, 3)), ModelError, "'ball'", "size 3",
                    "ndof = 2");
  ds.setFExtPtr(Eigen::Vector2d(5, 6));
  ds.computeFExt(1.0);
  EXPECT_EQ(ds.fExt(), Eigen::Vector2d(5, 6));
  ds.setComputeFExtFunction([](double t, Eigen::VectorXd& f) { f << t, 2 * t; });
  ds.computeFExt(3.0);
  EXPECT_EQ(ds.fExt(), Eigen::Vector2d(3, 6));
  ds.setComputeFExtFunction([](double, Eigen::VectorXd& f) { f.resize(5); });
  EXPECT_THROW_WITH(ds.computeFExt(0.5), ModelError, "'ball'", "resized fExt to 5", "ndof = 2");
  EXPECT_EQ(ds.fExt().size(), 2);
  ds.setComputeFExtFunction(
      [](double, Eigen::VectorXd& f) { f(0) = std::numeric_limits<double>::infinity(); });
  EXPECT_THROW_WITH(ds.computeFExt(0.25), ModelError, "'ball'", "non-finite", "t = 0.25");
}

TEST(LagrangianDS, LevelOutOfRange) {
  LagrangianDS ds(Eigen::Vector2d(1, 2), Eigen::Vector2d(3, 4), diag(1, 2));
  EXPECT_THROW_WITH(ds.p(3), std::out_of_range, "p level 3", "[0, 2]");
  const LagrangianDS& cds = ds;
  EXPECT_THROW(cds.p(7), std::out_of_range);
}

TEST(LagrangianLinearTIDS, MatricesAndErrors) {
  LagrangianLinearTIDS plain(Eigen::Vector2d(1, 2), Eigen::Vector2d(3, 4), diag(1, 2));
  EXPECT_TRUE(plain.K().isZero());
  EXPECT_TRUE(plain.C().isZero());
  EXPECT_EQ(plain.K().rows(), 2);
  EXPECT_STREQ(plain.typeName(), "LagrangianLinearTIDS");
  LagrangianLinearTIDS full(Eigen::Vector2d(1, 2), Eigen::Vector2d(3, 4), diag(1, 2), diag(10, 20),
                            diag(0.1, 0.2));
  EXPECT_EQ(full.K(), diag(10, 20));
  EXPECT_EQ(full.C(), diag(0.1, 0.2));
  EXPECT_THROW_WITH(LagrangianLinearTIDS(Eigen::Vector2d(1, 2), Eigen::Vector2d(3, 4), diag(1, 2),
                                         Eigen::MatrixXd::Identity(3, 3), diag(0, 0)),
                    ModelError, "stiffness", "3x3", "expected 2x2");
  EXPECT_THROW_WITH(LagrangianLinearTIDS(Eigen::Vector2d(1, 2), Eigen::Vector2d(3, 4), diag(1, 2),
                                         diag(1, 1), Eigen::MatrixXd::Identity(2, 3)),
                    ModelError, "damping", "2x3");
}

TEST(LagrangianLinearTIR, SizesAndErrors) {
  Eigen::MatrixXd H(2, 3);
  H << 1, 0, 0, 0, 1, 0;
  LagrangianLinearTIR r(H);
  EXPECT_EQ(r.outputSize(), 2);
  EXPECT_EQ(r.inputSize(), 3);
  EXPECT_EQ(r.jachq(), H);
  EXPECT_TRUE(r.b().isZero());
  EXPECT_THROW_WITH(LagrangianLinearTIR(H, Eigen::Vector3d(1, 2, 3)), ModelError, "b has size 3",
                    "2 rows");
  EXPECT_THROW_WITH(LagrangianLinearTIR(Eigen::MatrixXd(0, 3)), ModelError, "0x3");
}

TEST(NewtonImpactNSL, ValuesAndErrors) {
  NewtonImpactNSL law(0.5);
  EXPECT_EQ(law.e(), 0.5);
  EXPECT_EQ(law.size(), 1u);
  EXPECT_EQ(NewtonImpactNSL(0.0, 3).size(), 3u);
  EXPECT_THROW_WITH(NewtonImpactNSL(-0.1), ModelError, "e = -0.1");
  EXPECT_THROW_WITH(NewtonImpactNSL(1.5), ModelError, "[0, 1]");
  EXPECT_THROW(NewtonImpactNSL(std::nan("")), ModelError);
  EXPECT_THROW_WITH(NewtonImpactNSL(0.5, 0), ModelError, "size");
}

TEST(Interaction, DimensionsLevelsAndErrors) {
  Eigen::MatrixXd H(2, 2);
  H << 1, 0, 0, 1;
  auto inter = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(0.5),
                                             std::make_shared<LagrangianLinearTIR>(H));
  EXPECT_EQ(inter->dimension(), 2);
  EXPECT_EQ(inter->numberOfRelations(), 2u);
  EXPECT_EQ(inter->y(0).size(), 2);
  EXPECT_EQ(inter->y(1).size(), 2);
  EXPECT_EQ(inter->lambda(1).size(), 2);
  EXPECT_EQ(inter->yMemory(1).size(), 2);
  EXPECT_FALSE(inter->isLinked());
  EXPECT_THROW_WITH(inter->y(2), std::out_of_range, "y level 2", "[0, 1]");
  EXPECT_THROW_WITH(inter->lambda(5), std::out_of_range, "lambda level 5");
  EXPECT_THROW(inter->yMemory(2), std::out_of_range);
  EXPECT_THROW_WITH(Interaction(std::make_shared<NewtonImpactNSL>(0.5, 2),
                                std::make_shared<LagrangianLinearTIR>(Eigen::MatrixXd::Ones(3, 2))),
                    ModelError, "size 2", "does not divide", "output size 3");
  EXPECT_THROW_WITH(Interaction(nullptr, std::make_shared<LagrangianLinearTIR>(H)), ModelError,
                    "law is null");
  EXPECT_THROW_WITH(Interaction(std::make_shared<NewtonImpactNSL>(0.5), nullptr), ModelError,
                    "relation is null");
}

TEST(Interaction, GrowingTheLevelsAndStepsKeepsEveryValue) {
  // y, λ and the memories live in one sequence (the first ones in the object): growing the
  // levels and the steps moves them; every value stays where its accessor finds it, the new
  // ones are zero, and the memory swap shifts the steps.
  auto inter = std::make_shared<Interaction>(
      std::make_shared<NewtonImpactNSL>(0.5),
      std::make_shared<LagrangianLinearTIR>(Eigen::MatrixXd::Identity(2, 2)));
  // Distinct values: 10 × level + 1 (y), + 2 (λ), + 3 (memory).
  for (unsigned level = 0; level < 2; ++level) {
    inter->y(level).setConstant(10.0 * level + 3);
    inter->swapInMemory();
  }
  for (unsigned level = 0; level < 2; ++level) {
    inter->y(level).setConstant(10.0 * level + 1);
    inter->lambda(level).setConstant(10.0 * level + 2);
  }
  const std::uint64_t version = inter->memoryVersion();
  inter->initializeMemory(4, 3, 3);
  EXPECT_GT(inter->memoryVersion(), version);
  EXPECT_EQ(inter->numberOfOutputLevels(), 4u);
  EXPECT_EQ(inter->numberOfInputLevels(), 3u);
  EXPECT_EQ(inter->memorySteps(), 3u);
  for (unsigned level = 0; level < 2; ++level) {
    EXPECT_EQ(inter->y(level), Eigen::Vector2d::Constant(10.0 * level + 1)) << level;
    EXPECT_EQ(inter->lambda(level), Eigen::Vector2d::Constant(10.0 * level + 2)) << level;
    EXPECT_EQ(inter->yMemory(level), Eigen::Vector2d::Constant(10.0 * level + 3)) << level;
  }
  for (unsigned level = 2; level < 4; ++level) {
    EXPECT_EQ(inter->y(level), Eigen::Vector2d::Zero()) << level;
    for (unsigned step = 0; step < 3; ++step) EXPECT_EQ(inter->yMemory(level, step).size(), 2);
  }
  EXPECT_EQ(inter->lambda(2), Eigen::Vector2d::Zero());
  EXPECT_EQ(inter->yMemory(0, 2), Eigen::Vector2d::Zero());
  // Fewer levels asked: nothing shrinks.
  inter->initializeMemory(2, 2, 1);
  EXPECT_EQ(inter->numberOfOutputLevels(), 4u);
  EXPECT_EQ(inter->memorySteps(), 3u);
  // Swaps: step 0 ← y, older steps shifted.
  inter->y(3).setConstant(7.0);
  inter->swapInMemory();
  inter->y(3).setConstant(8.0);
  inter->swapInMemory();
  EXPECT_EQ(inter->yMemory(3, 0), Eigen::Vector2d::Constant(8.0));
  EXPECT_EQ(inter->yMemory(3, 1), Eigen::Vector2d::Constant(7.0));
  EXPECT_EQ(inter->yMemory(3, 2), Eigen::Vector2d::Zero());
  EXPECT_EQ(inter->yMemory(1, 2), Eigen::Vector2d::Constant(13.0));
  EXPECT_EQ(inter->lambda(1), Eigen::Vector2d::Constant(12.0));
  EXPECT_THROW_WITH(inter->y(4), std::out_of_range, "y level 4", "[0, 3]");
  EXPECT_THROW_WITH(inter->lambda(3), std::out_of_range, "lambda level 3", "[0, 2]");
  EXPECT_THROW_WITH(inter->yMemory(0, 3), std::out_of_range, "yMemory step 3", "[0, 2]");
}

TEST(NonSmoothDynamicalSystem, InsertLinkAndErrors) {
  EXPECT_THROW_WITH(NonSmoothDynamicalSystem(1.0, 0.5), ModelError, "T >= t0");
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  EXPECT_EQ(nsds->t0(), 0.0);
  EXPECT_EQ(nsds->finalT(), 1.0);
  auto a = std::make_shared<LagrangianLinearTIDS>(Eigen::Vector2d(0, 0), Eigen::Vector2d(0, 0),
                                                  diag(1, 1));
  auto b = std::make_shared<LagrangianDS>(Eigen::Vector3d(0, 0, 0), Eigen::Vector3d(0, 0, 0),
                                          Eigen::MatrixXd::Identity(3, 3));
  a->setName("a");
  b->setName("b");
  nsds->insertDynamicalSystem(a);
  EXPECT_THROW_WITH(nsds->insertDynamicalSystem(a), ModelError, "'a'", "already inserted");
  EXPECT_THROW(nsds->insertDynamicalSystem(nullptr), ModelError);
  auto makeInter = [](Eigen::Index cols) {
    return std::make_shared<Interaction>(
        std::make_shared<NewtonImpactNSL>(0.5),
        std::make_shared<LagrangianLinearTIR>(Eigen::MatrixXd::Ones(1, cols)));
  };
  auto i1 = makeInter(5);
  EXPECT_THROW_WITH(nsds->link(i1, a, b), ModelError, "'b'", "not inserted");
  nsds->insertDynamicalSystem(b);
  EXPECT_EQ(a->number(), 0u);
  EXPECT_EQ(b->number(), 1u);
  EXPECT_EQ(nsds->numberOfDS(), 2u);
  EXPECT_THROW_WITH(nsds->link(i1, a, a), ModelError, "'a'", "twice");
  EXPECT_THROW_WITH(nsds->link(makeInter(4), a, b), ModelError, "4 columns", "5 degrees", "ndof 2",
                    "ndof 3");
  EXPECT_THROW_WITH(nsds->link(makeInter(3), a), ModelError, "3 columns", "2 degrees");
  EXPECT_THROW(nsds->link(nullptr, a), ModelError);
  EXPECT_THROW(nsds->link(i1, nullptr), ModelError);
  nsds->link(i1, a, b);
  EXPECT_TRUE(i1->isLinked());
  EXPECT_EQ(i1->number(), 0u);
  ASSERT_EQ(i1->dynamicalSystems().size(), 2u);
  EXPECT_EQ(i1->dynamicalSystems()[0], a);
  EXPECT_THROW_WITH(nsds->link(i1, a, b), ModelError, "already linked");
  EXPECT_EQ(nsds->numberOfInteractions(), 1u);
  EXPECT_EQ(nsds->dynamicalSystem(1), b);
  EXPECT_THROW(nsds->dynamicalSystem(2), std::out_of_range);
  // A system cannot belong to two models.
  NonSmoothDynamicalSystem other(0.0, 1.0);
  EXPECT_THROW_WITH(other.insertDynamicalSystem(a), ModelError, "already inserted");
}

TEST(TimeDiscretisation, TimesStepsAndErrors) {
  TimeDiscretisation td(0.5, 0.1);
  EXPECT_EQ(td.h(), 0.1);
  EXPECT_EQ(td.t0(), 0.5);
  EXPECT_DOUBLE_EQ(td.time(1000000), 0.5 + 100000.0);
  EXPECT_EQ(td.time(3), 0.5 + 3 * 0.1);
  EXPECT_EQ(td.numberOfSteps(1.5), 10u);   // (1.5-0.5)/0.1 = 9.999999999999998 → 10
  EXPECT_EQ(td.numberOfSteps(1.55), 11u);  // rounded up
  EXPECT_EQ(td.numberOfSteps(0.5), 0u);
  EXPECT_EQ(TimeDiscretisation(0, 0.005).numberOfSteps(10), 2000u);
  EXPECT_THROW_WITH(TimeDiscretisation(0, 0), ModelError, "h > 0");
  EXPECT_THROW_WITH(TimeDiscretisation(0, -1), ModelError, "h > 0");
  EXPECT_THROW(TimeDiscretisation(0, std::numeric_limits<double>::infinity()), ModelError);
  EXPECT_THROW(TimeDiscretisation(std::nan(""), 0.1), ModelError);
}

TEST(MoreauJeanOSI, Theta) {
  EXPECT_EQ(MoreauJeanOSI().theta(), 0.5);
  EXPECT_EQ(MoreauJeanOSI(1.0).theta(), 1.0);
  EXPECT_THROW_WITH(MoreauJeanOSI(1.5), ModelError, "theta = 1.5", "[0, 1]");
  EXPECT_THROW(MoreauJeanOSI(-0.01), ModelError);
}

TEST(LCPProblem, SolverNames) {
  LCP lcp;
  EXPECT_EQ(lcp.numericsSolverOptions().solver, "lemke");
  EXPECT_EQ(lcp.size(), 0);
  EXPECT_TRUE(lcp.throwOnFailure());
  EXPECT_EQ(LCP("pgs").numericsSolverOptions().solver, "pgs");
  EXPECT_THROW_WITH(LCP("nope"), ModelError, "unknown solver 'nope'", "lemke");
}

// The kernel accepts exactly the names of numerics::solveLcp (and so of
// moreau-solve), in any case, aliases included, and stores the canonical form.
TEST(LCPProblem, SolverNamesAgreeWithNumericsInAnyCase) {
  const std::vector<std::string> names = numerics::lcpSolverNames();
  ASSERT_FALSE(names.empty());
  for (const std::string& name : names) {
    std::string mixed = name;  // "nsgs-sbm" -> "NsGs-sBm"
    for (std::size_t i = 0; i < mixed.size(); i += 2)
      if (mixed[i] >= 'a' && mixed[i] <= 'z') mixed[i] = static_cast<char>(mixed[i] - 'a' + 'A');
    EXPECT_EQ(LCP(mixed).numericsSolverOptions().solver, name) << mixed;
    LCP lcp;
    lcp.setSolver(mixed);
    EXPECT_EQ(lcp.numericsSolverOptions().solver, name) << mixed;
    EXPECT_EQ(numerics::normalizeSolverName(mixed), name);
  }
  try {
    LCP lcp("Bogus");
    ADD_FAILURE() << "no ModelError for an unknown solver";
  } catch (const ModelError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("LCP: unknown solver 'Bogus' (known: "), std::string::npos) << what;
    for (const std::string& name : names)
      EXPECT_NE(what.find(name), std::string::npos) << "does not list " << name << ": " << what;
  }
}

// Porting from Siconos: the set…Ptr setters copy (Siconos shares the
// object), the value-named setters do the same, and `auto q = ds->q();`
// copies while `auto& q = ds->q();` refers to the state.
TEST(PortingSetters, PtrSettersCopyValueSettersAgreeAndAutoCopies) {
  LagrangianDS ds(Eigen::Vector2d(1, 2), Eigen::Vector2d(0, 0));
  Eigen::VectorXd f = Eigen::Vector2d(-1, -2);
  ds.setFExtPtr(f);
  f(0) = 99;  // no effect on the system: it holds a copy
  ds.computeFExt(0.0);
  EXPECT_EQ(ds.fExt()(0), -1.0);
  ds.setFExt(f);  // the value-named setter, same semantics
  ds.computeFExt(0.0);
  EXPECT_EQ(ds.fExt()(0), 99.0);
  Eigen::MatrixXd M = 2 * Eigen::MatrixXd::Identity(2, 2);
  ds.setMass(M);
  M(0, 0) = 7;
  EXPECT_EQ(ds.mass()(0, 0), 2.0);
  Eigen::VectorXd z = Eigen::VectorXd::Constant(1, 3.0);
  ds.setz(z);
  z(0) = 4;
  EXPECT_EQ(ds.z()(0), 3.0);
  ds.z()(0) = 5;  // in place through the non-const accessor
  EXPECT_EQ(ds.z()(0), 5.0);

  auto qCopy = ds.q();  // Eigen::VectorXd: a copy
  qCopy(0) = 42;
  EXPECT_EQ(ds.q()(0), 1.0);
  auto& qRef = ds.q();  // a reference to the state
  qRef(0) = 42;
  EXPECT_EQ(ds.q()(0), 42.0);

  FirstOrderLinearDS fo(Eigen::Vector2d(0, 0), Eigen::Matrix2d::Identity());
  fo.setA(Eigen::Matrix2d::Constant(0.5));
  fo.setb(Eigen::Vector2d(1, 2));
  EXPECT_EQ(fo.A()(0, 1), 0.5);
  EXPECT_EQ(fo.b()(1), 2.0);
  FirstOrderLinearR r(Eigen::MatrixXd::Ones(1, 2), Eigen::MatrixXd::Ones(2, 1));
  r.setC(Eigen::MatrixXd::Constant(1, 2, 3.0));
  r.setD(Eigen::MatrixXd::Constant(1, 1, 0.5));
  r.sete(Eigen::VectorXd::Constant(1, -1.0));
  r.setB(Eigen::MatrixXd::Constant(2, 1, 4.0));
  EXPECT_EQ(r.C()(0, 1), 3.0);
  EXPECT_EQ(r.D()(0, 0), 0.5);
  EXPECT_EQ(r.e()(0), -1.0);
  EXPECT_EQ(r.B()(1, 0), 4.0);
}
