// dev-notes §3.7 worked example with FIRST-ORDER linear relations: 3 systems
// (dimensions 2, 1, 3), I_mu on {DS1, DS3} (m = 3), I_theta on {DS2, DS3}
// (m = 1). The OSNSP matrix built by the block rules of §3.2,
//   (α,α): D_α + h Σ_{j∈DS_α} C_α^j W_j B_α^j,
//   (α,β): h Σ_{j∈DS_α∩DS_β} C_α^j W_j B_β^j,   W_j = (I − h A_j)⁻¹,
// from the relations' Jacobian blocks and the topology's linked-interaction
// map, must equal the dense formula 𝐃 + h 𝐂 𝐖 𝐁 of §3.4.
#include "KernelTestUtils.hpp"

#include <moreau/Moreau.hpp>
#include <moreau/kernel/modeling/FirstOrderLinearTIR.hpp>

#include <cstdlib>

using namespace moreau;

namespace {
using Mat = Eigen::MatrixXd;
using Vec = Eigen::VectorXd;

// Index of ds among the systems linked to inter.
std::size_t position(const Interaction& inter, const DynamicalSystem& ds) {
  const auto& systems = inter.dynamicalSystems();
  for (std::size_t i = 0; i < systems.size(); ++i)
    if (systems[i].get() == &ds) return i;
  throw std::logic_error("system not linked");
}
}  // namespace

TEST(RelationAssembly, FirstOrderThreeSystemsTwoInteractions) {
  std::srand(4242);
  const double h = 0.05;
  const std::vector<Eigen::Index> n = {2, 1, 3};
  const Eigen::Index N = 6;
  std::vector<std::shared_ptr<FirstOrderLinearTIDS>> ds;
  std::vector<Mat> W;
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  for (Eigen::Index ni : n) {
    const Mat A = Mat::Random(ni, ni);
    ds.push_back(std::make_shared<FirstOrderLinearTIDS>(Vec::Random(ni), A));
    W.push_back((Mat::Identity(ni, ni) - h * A).inverse());
    nsds->insertDynamicalSystem(ds.back());
  }
  const Eigen::Index mMu = 3, mTh = 1;
  const Mat Cmu = Mat::Random(mMu, n[0] + n[2]), Dmu = Mat::Random(mMu, mMu);
  const Mat Bmu = Mat::Random(n[0] + n[2], mMu);
  const Mat Cth = Mat::Random(mTh, n[1] + n[2]), Dth = Mat::Random(mTh, mTh);
  const Mat Bth = Mat::Random(n[1] + n[2], mTh);
  auto relMu = std::make_shared<FirstOrderLinearTIR>(Cmu, Dmu, Mat(), Vec(), Bmu);
  auto relTh = std::make_shared<FirstOrderLinearTIR>(Cth, Dth, Mat(), Vec(), Bth);
  auto mu = std::make_shared<Interaction>(std::make_shared<ComplementarityConditionNSL>(3), relMu);
  auto th = std::make_shared<Interaction>(std::make_shared<ComplementarityConditionNSL>(1), relTh);
  nsds->link(mu, ds[0], ds[2]);
  nsds->link(th, ds[1], ds[2]);
  relMu->computeJacobians(0.0, *mu);
  relTh->computeJacobians(0.0, *th);

  // Block rules over index set 0, with the linked-interaction map.
  const Topology& topo = nsds->topology();
  const auto& all = topo.interactions();
  std::vector<Eigen::Index> offset(all.size());
  Eigen::Index M = 0;
  for (const auto& inter : all) {
    offset[inter->number()] = M;
    M += inter->dimension();
  }
  ASSERT_EQ(M, 4);
  Mat blocks = Mat::Zero(M, M);
  for (const auto& a : all) {
    const auto& ra = static_cast<const FirstOrderR&>(*a->relation());
    const Eigen::Index oa = offset[a->number()], ma = a->dimension();
    auto diag = blocks.block(oa, oa, ma, ma);
    diag += ra.D(*a);
    for (std::size_t i = 0; i < a->dynamicalSystems().size(); ++i) {
      const unsigned j = a->dynamicalSystems()[i]->number();
      diag += h * ra.Cblock(*a, i) * W[j] * ra.Bblock(*a, i);
    }
    for (const LinkedInteraction& link : topo.linkedInteractions(*a)) {
      const Interaction& b = *link.interaction;
      const auto& rb = static_cast<const FirstOrderR&>(*b.relation());
      const unsigned j = link.commonDS->number();
      blocks.block(oa, offset[b.number()], ma, b.dimension()) +=
          h * ra.Cblock(*a, position(*a, *link.commonDS)) * W[j] *
          rb.Bblock(b, position(b, *link.commonDS));
    }
  }

  // Dense 𝐃 + h 𝐂 𝐖 𝐁 with global 𝐂 (4 × 6), 𝐁 (6 × 4), 𝐖 = blockdiag(W_j).
  Mat Cg = Mat::Zero(M, N), Bg = Mat::Zero(N, M), Wg = Mat::Zero(N, N), Dg = Mat::Zero(M, M);
  const Eigen::Index s1 = 0, s2 = n[0], s3 = n[0] + n[1];
  Cg.block(0, s1, 3, n[0]) = Cmu.leftCols(n[0]);
  Cg.block(0, s3, 3, n[2]) = Cmu.rightCols(n[2]);
  Cg.block(3, s2, 1, n[1]) = Cth.leftCols(n[1]);
  Cg.block(3, s3, 1, n[2]) = Cth.rightCols(n[2]);
  Bg.block(s1, 0, n[0], 3) = Bmu.topRows(n[0]);
  Bg.block(s3, 0, n[2], 3) = Bmu.bottomRows(n[2]);
  Bg.block(s2, 3, n[1], 1) = Bth.topRows(n[1]);
  Bg.block(s3, 3, n[2], 1) = Bth.bottomRows(n[2]);
  Wg.block(s1, s1, n[0], n[0]) = W[0];
  Wg.block(s2, s2, n[1], n[1]) = W[1];
  Wg.block(s3, s3, n[2], n[2]) = W[2];
  Dg.block(0, 0, 3, 3) = Dmu;
  Dg.block(3, 3, 1, 1) = Dth;
  const Mat dense = Dg + h * Cg * Wg * Bg;
  EXPECT_LT((blocks - dense).norm(), 1e-13 * dense.norm());
  // The coupling goes only through DS3: the printed §3.7 off-diagonal block.
  const Mat offDiag = h * Cmu.rightCols(n[2]) * W[2] * Bth.bottomRows(n[2]);
  EXPECT_LT((blocks.block(0, 3, 3, 1) - offDiag).norm(), 1e-14);
  EXPECT_GT(offDiag.norm(), 1e-3);  // not trivially zero

  // The relations' inputs give 𝐁λ on each system (R_3 = B_1^3 λ_1 + B_2^3 λ_2).
  mu->lambda(0) = Vec::Random(3);
  th->lambda(0) = Vec::Random(1);
  for (auto& d : ds) d->r(0).setZero();
  relMu->computeInput(0.0, *mu, 0);
  relTh->computeInput(0.0, *th, 0);
  Vec lambda(4);
  lambda << mu->lambda(0), th->lambda(0);
  const Vec R = Bg * lambda;
  EXPECT_TRUE(ds[0]->r(0).isApprox(R.segment(s1, n[0])));
  EXPECT_TRUE(ds[1]->r(0).isApprox(R.segment(s2, n[1])));
  EXPECT_TRUE(ds[2]->r(0).isApprox(R.segment(s3, n[2])));
  // And the outputs Y = 𝐂X + 𝐃λ.
  relMu->computeOutput(0.0, *mu, 0);
  relTh->computeOutput(0.0, *th, 0);
  Vec X(N), Y(M);
  X << ds[0]->x(), ds[1]->x(), ds[2]->x();
  Y << mu->y(0), th->y(0);
  EXPECT_TRUE(Y.isApprox(Cg * X + Dg * lambda, 1e-13));
}
