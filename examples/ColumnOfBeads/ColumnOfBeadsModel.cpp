#include "ColumnOfBeadsModel.hpp"

#include <string>

namespace moreau::examples {

ColumnOfBeads makeColumnOfBeads(const ColumnOfBeadsParameters& p) {
  using namespace beads;
  if (p.beads < 1) {
    throw ModelError("ColumnOfBeads: the number of beads must be >= 1, got " +
                     std::to_string(p.beads));
  }
  const double t0 = 0.0;
  const auto n = static_cast<std::size_t>(p.beads);
  ColumnOfBeads column;
  column.nsds = std::make_shared<NonSmoothDynamicalSystem>(t0, p.T);
  column.beads.reserve(n);
  column.contacts.reserve(n);

  const Eigen::MatrixXd M =
      Eigen::Vector3d(kMass, kMass, 0.6 * kMass * kRadius * kRadius).asDiagonal();
  const Eigen::Vector3d weight(-kMass * kGravity, 0, 0);
  for (std::size_t i = 0; i < n; ++i) {
    const Eigen::Vector3d q0(kFirstHeight + kSpacing * static_cast<double>(i), 0, 0);
    auto bead = std::make_shared<LagrangianLinearTIDS>(q0, Eigen::Vector3d::Zero(), M);
    bead->setFExtPtr(weight);
    column.nsds->insertDynamicalSystem(bead);
    column.beads.push_back(std::move(bead));
  }

  const auto law = std::make_shared<NewtonImpactNSL>(p.restitution);
  // Ground–bead 0: y = q₀ − R ≥ 0.
  Eigen::MatrixXd Hg(1, 3);
  Hg << 1, 0, 0;
  const auto ground =
      std::make_shared<LagrangianLinearTIR>(Hg, Eigen::VectorXd::Constant(1, -kRadius));
  column.contacts.push_back(std::make_shared<Interaction>(law, ground));
  column.nsds->link(column.contacts.back(), column.beads[0]);
  // Bead i–bead i+1: y = q_{i+1,0} − q_{i,0} − 2R ≥ 0 (one relation shared by all pairs).
  Eigen::MatrixXd Hb(1, 6);
  Hb << -1, 0, 0, 1, 0, 0;
  const auto pair =
      std::make_shared<LagrangianLinearTIR>(Hb, Eigen::VectorXd::Constant(1, -2 * kRadius));
  for (std::size_t i = 0; i + 1 < n; ++i) {
    column.contacts.push_back(std::make_shared<Interaction>(law, pair));
    column.nsds->link(column.contacts.back(), column.beads[i], column.beads[i + 1]);
  }

  auto td = std::make_shared<TimeDiscretisation>(t0, p.h);
  auto osi = std::make_shared<MoreauJeanOSI>(kTheta);
  column.lcp = std::make_shared<LCP>(p.solver);
  column.lcp->setTolerance(p.tolerance);
  column.lcp->setMaxIterations(p.maxIterations);
  column.simulation = std::make_shared<TimeStepping>(column.nsds, td, osi, column.lcp);
  return column;
}

}  // namespace moreau::examples
