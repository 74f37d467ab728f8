// LinearOSNS block assembler against a dense reference H M̂⁻¹ Hᵀ on a mixed
// model: several systems per interaction, systems in several interactions,
// two interactions on the same pair of systems (one summed block),
// interactions removed and added mid-run; pattern reuse; LCP against the
// numerics solver called directly on the dense data.
#include "KernelTestUtils.hpp"

#include <moreau/Moreau.hpp>
#include <moreau/numerics/lcp/LcpSolvers.hpp>

#include <map>
#include <random>

using namespace moreau;

namespace {

struct Mixed {
  std::shared_ptr<NonSmoothDynamicalSystem> nsds;
  std::vector<std::shared_ptr<LagrangianLinearTIDS>> ds;
  std::vector<Eigen::MatrixXd> M, K, C;
  std::map<std::string, std::shared_ptr<Interaction>> inter;
  std::shared_ptr<MoreauJeanOSI> osi;
  std::shared_ptr<LCP> lcp;
  std::shared_ptr<TimeStepping> sim;
  double h = 1e-2, theta = 0.5;
};

Eigen::MatrixXd spd(std::mt19937& rng, Eigen::Index n, double shift) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  Eigen::MatrixXd A(n, n);
  for (Eigen::Index i = 0; i < n; ++i)
    for (Eigen::Index j = 0; j < n; ++j) A(i, j) = u(rng);
  return A * A.transpose() + shift * Eigen::MatrixXd::Identity(n, n);
}

Eigen::MatrixXd randomMatrix(std::mt19937& rng, Eigen::Index r, Eigen::Index c) {
  std::uniform_real_distribution<double> u(-1.0, 1.0);
  Eigen::MatrixXd A(r, c);
  for (Eigen::Index i = 0; i < r; ++i)
    for (Eigen::Index j = 0; j < c; ++j) A(i, j) = u(rng);
  return A;
}

// Three 2-dof systems; A: ds0–ds1 (dim 2), B: ds1–ds2, C: ds0–ds1 (same pair
// as A), D: ds2 alone. Deep gaps (b = −5): every interaction stays active.
Mixed makeMixed(const std::string& solver = "lemke") {
  std::mt19937 rng(7);
  Mixed m;
  m.nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  for (int i = 0; i < 3; ++i) {
    m.M.push_back(spd(rng, 2, 1.0));
    m.K.push_back(spd(rng, 2, 0.5));
    m.C.push_back(0.1 * spd(rng, 2, 0.1));
    auto ds = std::make_shared<LagrangianLinearTIDS>(
        randomMatrix(rng, 2, 1), randomMatrix(rng, 2, 1), m.M[i], m.K[i], m.C[i]);
    ds->setFExtPtr(Eigen::Vector2d(0.3 * i, -1.0));
    ds->setName("ds" + std::to_string(i));
    m.nsds->insertDynamicalSystem(ds);
    m.ds.push_back(ds);
  }
  auto make = [&](const std::string& name, Eigen::Index dim, Eigen::Index cols, double e) {
    auto inter = std::make_shared<Interaction>(
        std::make_shared<NewtonImpactNSL>(e, static_cast<unsigned>(dim)),
        std::make_shared<LagrangianLinearTIR>(randomMatrix(rng, dim, cols),
                                              Eigen::VectorXd::Constant(dim, -5.0)));
    inter->setName(name);
    m.inter[name] = inter;
    return inter;
  };
  m.nsds->link(make("A", 2, 4, 0.5), m.ds[0], m.ds[1]);
  m.nsds->link(make("B", 1, 4, 0.2), m.ds[1], m.ds[2]);
  m.nsds->link(make("C", 1, 4, 0.0), m.ds[0], m.ds[1]);
  m.nsds->link(make("D", 1, 2, 0.7), m.ds[2]);
  m.osi = std::make_shared<MoreauJeanOSI>(m.theta);
  m.lcp = std::make_shared<LCP>(solver);
  m.lcp->setTolerance(1e-12);
  m.sim = std::make_shared<TimeStepping>(m.nsds, std::make_shared<TimeDiscretisation>(0.0, m.h),
                                         m.osi, m.lcp);
  return m;
}

struct DenseReference {
  Eigen::MatrixXd M;
  Eigen::VectorXd q;
};

// H M̂⁻¹ Hᵀ and H v_free + e H v_k computed densely, rows in the LCP's row
// order, from the velocities vk at the start of the step.
DenseReference reference(const Mixed& m, const std::vector<Eigen::VectorXd>& vk) {
  const Eigen::Index N = 6;
  Eigen::MatrixXd Winv = Eigen::MatrixXd::Zero(N, N);
  Eigen::VectorXd vfree(N), vkAll(N);
  for (int i = 0; i < 3; ++i) {
    const Eigen::MatrixXd Mhat =
        m.M[i] + m.h * m.theta * m.C[i] + m.h * m.h * m.theta * m.theta * m.K[i];
    Winv.block(2 * i, 2 * i, 2, 2) = Mhat.inverse();
    vfree.segment(2 * i, 2) = m.osi->freeVelocity(*m.ds[i]);
    vkAll.segment(2 * i, 2) = vk[i];
  }
  Eigen::Index rows = 0;
  for (unsigned id : m.lcp->rows()) rows += m.nsds->topology().interaction(id)->dimension();
  Eigen::MatrixXd H = Eigen::MatrixXd::Zero(rows, N);
  Eigen::VectorXd e(rows);
  Eigen::Index r = 0;
  for (unsigned id : m.lcp->rows()) {
    const auto& inter = m.nsds->topology().interaction(id);
    const auto& rel = static_cast<const LagrangianLinearTIR&>(*inter->relation());
    Eigen::Index c = 0;
    for (const auto& ds : inter->dynamicalSystems()) {
      H.block(r, 2 * ds->number(), inter->dimension(), 2) =
          rel.jachq().block(0, c, inter->dimension(), 2);
      c += 2;
    }
    e.segment(r, inter->dimension())
        .setConstant(static_cast<const NewtonImpactNSL&>(*inter->nonSmoothLaw()).e());
    r += inter->dimension();
  }
  return {H * Winv * H.transpose(), H * vfree + e.asDiagonal() * (H * vkAll)};
}

std::vector<Eigen::VectorXd> velocities(const Mixed& m) {
  std::vector<Eigen::VectorXd> v;
  for (const auto& ds : m.ds) v.push_back(ds->velocity());
  return v;
}

void expectMatches(const Mixed& m, const std::vector<Eigen::VectorXd>& vk) {
  const DenseReference ref = reference(m, vk);
  const Eigen::MatrixXd got = m.lcp->matrix().toDense();
  ASSERT_EQ(got.rows(), ref.M.rows());
  EXPECT_LT((got - ref.M).cwiseAbs().maxCoeff(), 1e-12 * ref.M.cwiseAbs().maxCoeff());
  EXPECT_LT((m.lcp->q() - ref.q).cwiseAbs().maxCoeff(), 1e-12 * ref.q.cwiseAbs().maxCoeff());
}

}  // namespace

TEST(LinearOSNS, AssemblyMatchesDenseReferenceOnAMixedModel) {
  Mixed m = makeMixed();
  auto vk = velocities(m);
  m.sim->computeOneStep();
  ASSERT_EQ(m.lcp->rows().size(), 4u);
  EXPECT_EQ(m.lcp->size(), 5);
  expectMatches(m, vk);
  // Blocks: 4 diagonal + (A,B) (A,C) (B,C) (B,D) and their transposes. A and
  // C share two systems: one block summing both.
  EXPECT_EQ(m.lcp->numberOfBlocks(), 12);
  const Eigen::Index a = m.lcp->rowOf(m.inter["A"]->number());
  const Eigen::Index c = m.lcp->rowOf(m.inter["C"]->number());
  const Eigen::Index d = m.lcp->rowOf(m.inter["D"]->number());
  EXPECT_GE(m.lcp->matrix().findBlock(a, c), 0);
  EXPECT_EQ(m.lcp->matrix().findBlock(a, d), -1);
  EXPECT_EQ(m.lcp->patternBuilds(), 1u);
  EXPECT_EQ(m.lcp->valueFills(), 1u);
  m.sim->nextStep();

  // Same index set: pattern and (constant) values kept, q recomputed.
  vk = velocities(m);
  m.sim->computeOneStep();
  EXPECT_EQ(m.lcp->patternBuilds(), 1u);
  EXPECT_EQ(m.lcp->valueFills(), 1u);
  expectMatches(m, vk);
  m.sim->nextStep();

  // Remove B, add E (ds0 alone) and F (ds2–ds0) mid-run.
  m.nsds->removeInteraction(m.inter["B"]);
  std::mt19937 rng(11);
  for (const auto& [name, systems] :
       std::vector<std::pair<std::string, std::vector<int>>>{{"E", {0}}, {"F", {2, 0}}}) {
    const Eigen::Index cols = 2 * static_cast<Eigen::Index>(systems.size());
    auto inter = std::make_shared<Interaction>(
        std::make_shared<NewtonImpactNSL>(0.3),
        std::make_shared<LagrangianLinearTIR>(randomMatrix(rng, 1, cols),
                                              Eigen::VectorXd::Constant(1, -5.0)));
    inter->setName(name);
    m.inter[name] = inter;
    if (systems.size() == 1)
      m.nsds->link(inter, m.ds[systems[0]]);
    else
      m.nsds->link(inter, m.ds[systems[0]], m.ds[systems[1]]);
  }
  vk = velocities(m);
  m.sim->computeOneStep();
  EXPECT_EQ(m.lcp->rows().size(), 5u);
  EXPECT_EQ(m.lcp->patternBuilds(), 2u);
  expectMatches(m, vk);
  m.sim->nextStep();
  vk = velocities(m);
  m.sim->computeOneStep();
  expectMatches(m, vk);
}

TEST(LCP, MatchesTheNumericsSolverOnTheDenseData) {
  Mixed m = makeMixed("lemke");
  const auto vk = velocities(m);
  m.sim->computeOneStep();
  ASSERT_TRUE(m.lcp->lastResult().converged());
  const DenseReference ref = reference(m, vk);
  numerics::LinearComplementarityProblem dense(ref.M, ref.q);
  Eigen::VectorXd z, w;
  const auto r = numerics::solveLcp(dense, z, w, m.lcp->numericsSolverOptions());
  ASSERT_TRUE(r.converged());
  EXPECT_LT((m.lcp->z() - z).cwiseAbs().maxCoeff(), 1e-9 * (1.0 + z.cwiseAbs().maxCoeff()));
  // λ scattered to the interactions in row order.
  for (unsigned id : m.lcp->rows()) {
    const auto& inter = m.nsds->topology().interaction(id);
    const Eigen::Index row = m.lcp->matrix().rowBlockOffset(m.lcp->rowOf(id));
    EXPECT_EQ(inter->lambda(1), m.lcp->z().segment(row, inter->dimension()));
  }
}

TEST(LCP, RejectsLawsItDoesNotAccept) {
  Mixed m = makeMixed();
  auto inter = std::make_shared<Interaction>(
      std::make_shared<NewtonImpactFrictionNSL>(0.0, 0.0, 0.3, 2),
      std::make_shared<LagrangianLinearTIR>(Eigen::MatrixXd::Identity(2, 2)));
  inter->setName("rough");
  m.nsds->link(inter, m.ds[0]);
  EXPECT_THROW_WITH(m.sim->initialize(), ModelError, "LCP", "'rough'", "NewtonImpactFrictionNSL",
                    "ComplementarityConditionNSL");
}
