#include "SphereStackModel.hpp"

#include <string>

namespace moreau::examples {

SphereStack makeSphereStack(const SphereStackParameters& p) {
  using namespace spheres;
  if (p.columnsPerSide < 1 || p.height < 1)
    throw ModelError("SphereStack: K and L must be >= 1, got K = " +
                     std::to_string(p.columnsPerSide) + ", L = " + std::to_string(p.height));
  if (!(p.gap >= 0.0)) throw ModelError("SphereStack: the gap must be >= 0");
  const double t0 = 0.0;
  const std::size_t K = static_cast<std::size_t>(p.columnsPerSide);
  const std::size_t L = static_cast<std::size_t>(p.height);
  SphereStack stack;
  stack.columnsPerSide = p.columnsPerSide;
  stack.height = p.height;
  stack.nsds = std::make_shared<NonSmoothDynamicalSystem>(t0, p.T);
  stack.spheres.reserve(K * K * L);
  stack.vertical.reserve(K * K * L);

  const Eigen::MatrixXd M = kMass * Eigen::MatrixXd::Identity(3, 3);
  const Eigen::Vector3d weight(0, 0, -kMass * kGravity);
  for (std::size_t i = 0; i < K; ++i)
    for (std::size_t j = 0; j < K; ++j)
      for (std::size_t k = 0; k < L; ++k) {
        const Eigen::Vector3d q0(2 * kRadius * static_cast<double>(i),
                                 2 * kRadius * static_cast<double>(j),
                                 kRadius + static_cast<double>(k) * (2 * kRadius + p.gap) + p.gap);
        auto sphere = std::make_shared<LagrangianLinearTIDS>(q0, Eigen::Vector3d::Zero(), M);
        sphere->setFExtPtr(weight);
        stack.nsds->insertDynamicalSystem(sphere);
        stack.spheres.push_back(std::move(sphere));
      }
  const auto at = [&](std::size_t i, std::size_t j, std::size_t k) {
    return stack.spheres[(i * K + j) * L + k];
  };

  const auto law = std::make_shared<NewtonImpactFrictionNSL>(0.0, 0.0, p.mu, 3);
  // Contact frame rows (normal, tangent 1, tangent 2) on the two spheres' coordinates:
  // y = H [q_a; q_b] + b, the normal from a to b.
  const auto pairRelation = [](int normal, int t1, int t2) {
    Eigen::MatrixXd H = Eigen::MatrixXd::Zero(3, 6);
    const int axes[3] = {normal, t1, t2};
    for (int r = 0; r < 3; ++r) {
      H(r, axes[r]) = -1.0;
      H(r, 3 + axes[r]) = 1.0;
    }
    return std::make_shared<LagrangianLinearTIR>(H, Eigen::Vector3d(-2 * kRadius, 0, 0));
  };
  Eigen::MatrixXd Hg = Eigen::MatrixXd::Zero(3, 3);
  Hg(0, 2) = 1.0;  // normal e_z
  Hg(1, 0) = 1.0;  // tangent e_x
  Hg(2, 1) = 1.0;  // tangent e_y
  const auto ground = std::make_shared<LagrangianLinearTIR>(Hg, Eigen::Vector3d(-kRadius, 0, 0));
  const auto up = pairRelation(2, 0, 1);      // along z, tangents x, y
  const auto alongX = pairRelation(0, 1, 2);  // along x, tangents y, z
  const auto alongY = pairRelation(1, 2, 0);  // along y, tangents z, x
  for (std::size_t i = 0; i < K; ++i)
    for (std::size_t j = 0; j < K; ++j)
      for (std::size_t k = 0; k < L; ++k) {
        auto contact = std::make_shared<Interaction>(law, k == 0 ? ground : up);
        if (k == 0)
          stack.nsds->link(contact, at(i, j, 0));
        else
          stack.nsds->link(contact, at(i, j, k - 1), at(i, j, k));
        stack.vertical.push_back(std::move(contact));
      }
  if (p.lateral)
    for (std::size_t i = 0; i < K; ++i)
      for (std::size_t j = 0; j < K; ++j)
        for (std::size_t k = 0; k < L; ++k) {
          if (i + 1 < K) {
            auto contact = std::make_shared<Interaction>(law, alongX);
            stack.nsds->link(contact, at(i, j, k), at(i + 1, j, k));
            stack.lateral.push_back(std::move(contact));
          }
          if (j + 1 < K) {
            auto contact = std::make_shared<Interaction>(law, alongY);
            stack.nsds->link(contact, at(i, j, k), at(i, j + 1, k));
            stack.lateral.push_back(std::move(contact));
          }
        }

  auto td = std::make_shared<TimeDiscretisation>(t0, p.h);
  auto osi = std::make_shared<MoreauJeanOSI>(kTheta);
  stack.problem = std::make_shared<FrictionContact>(3, p.solver);
  stack.problem->setTolerance(p.tolerance);
  stack.problem->setMaxIterations(p.maxIterations);
  stack.simulation = std::make_shared<TimeStepping>(stack.nsds, td, osi, stack.problem);
  return stack;
}

}  // namespace moreau::examples
