#include "SpheresPileModel.hpp"

#include <algorithm>
#include <cmath>
#include <random>
#include <string>

namespace moreau::examples {

SpheresPile makeSpheresPile(const SpheresPileParameters& p) {
  if (p.spheres < 1) throw ModelError("SpheresPile: N must be >= 1");
  if (!(p.radius > 0) || !(p.mass > 0) || !(p.mu >= 0) || !(p.alertFactor > 0) ||
      !(p.spacing >= 2.0) || !(p.jitter >= 0.0) || !(p.jitter < 0.5 * (p.spacing - 2.0) + 1e-300))
    throw ModelError(
        "SpheresPile: r, m and the alert factor must be > 0, mu >= 0, spacing >= 2 and "
        "0 <= jitter < (spacing − 2)/2 (no initial overlap)");
  const double r = p.radius, s = p.spacing * r, g = 9.81;
  long k = 1;
  while (k * k * k < p.spheres) ++k;
  SpheresPile pile;
  pile.radius = r;
  pile.width = static_cast<double>(k) * s;
  pile.mu = p.mu;
  pile.nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, p.T);
  const auto law = std::make_shared<NewtonImpactFrictionNSL>(p.restitution, 0.0, p.mu, 3);
  pile.contacts = std::make_shared<ContactManager>(law, p.alertFactor * r);

  std::mt19937 rng(p.seed);
  const auto jitter = [&] {  // uniform in ±jitter r, independent of the library's distributions
    return (static_cast<double>(rng()) / 4294967296.0 - 0.5) * 2.0 * p.jitter * r;
  };
  const Eigen::Matrix3d inertia = Eigen::Matrix3d::Identity() * (0.4 * p.mass * r * r);
  pile.spheres.reserve(static_cast<std::size_t>(p.spheres));
  for (long n = 0; n < p.spheres; ++n) {
    const long layer = n / (k * k), i = (n / k) % k, j = n % k;
    Eigen::VectorXd q0(7);
    const double dx = jitter(), dy = jitter();
    q0 << s / 2 + static_cast<double>(i) * s + dx, s / 2 + static_cast<double>(j) * s + dy,
        s - r + static_cast<double>(layer) * s, 1, 0, 0, 0;
    auto sphere = std::make_shared<NewtonEulerDS>(q0, Eigen::VectorXd::Zero(6), p.mass, inertia);
    sphere->setFExt(Eigen::Vector3d(0, 0, -p.mass * g));
    pile.nsds->insertDynamicalSystem(sphere);
    pile.contacts->addSphere(sphere, r);
    pile.spheres.push_back(std::move(sphere));
  }
  const double W = pile.width;
  pile.contacts->addPlane(Eigen::Vector3d::Zero(), Eigen::Vector3d::UnitZ());
  pile.contacts->addPlane(Eigen::Vector3d::Zero(), Eigen::Vector3d::UnitX());
  pile.contacts->addPlane(Eigen::Vector3d(W, 0, 0), -Eigen::Vector3d::UnitX());
  pile.contacts->addPlane(Eigen::Vector3d::Zero(), Eigen::Vector3d::UnitY());
  pile.contacts->addPlane(Eigen::Vector3d(0, W, 0), -Eigen::Vector3d::UnitY());
  pile.contacts->update(*pile.nsds);

  pile.problem = std::make_shared<FrictionContact>(3, p.solver);
  pile.problem->setTolerance(p.tolerance);
  pile.problem->setMaxIterations(p.maxIterations);
  numerics::SolverOptions options = pile.problem->numericsSolverOptions();
  options.fcAdaptiveRelaxation = p.adaptiveRelaxation;
  options.fcAndersonDepth = p.andersonDepth;
  pile.problem->setNumericsSolverOptions(options);  // ModelError if both
  pile.integrator = std::make_shared<MoreauJeanNewtonEulerOSI>(0.5);
  pile.integrator->setDormantInteractions(p.dormant);
  pile.simulation = std::make_shared<TimeStepping>(
      pile.nsds, std::make_shared<TimeDiscretisation>(0.0, p.h), pile.integrator, pile.problem);
  pile.simulation->insertInteractionManager(pile.contacts);
  pile.simulation->setNumberOfThreads(p.threads);
  return pile;
}

double kineticEnergy(const SpheresPile& pile) {
  double E = 0.0;
  for (const auto& s : pile.spheres) E += s->kineticEnergy();
  return E;
}

double maxPenetration(const SpheresPile& pile) {
  double worst = 0.0;
  const auto& objects = pile.contacts->objects();
  for (const auto& c : pile.contacts->contacts()) {
    const CollisionObject& a = objects[c.contact.object1];
    const CollisionObject& b = objects[c.contact.object2];
    const Eigen::Vector3d G = a.body->q().head<3>();
    const double gap =
        b.type == ShapeType::Plane
            ? NarrowPhase::spherePlane(G, a.radius, b.point, b.normal).gap
            : NarrowPhase::sphereSphere(G, a.radius, b.body->q().head<3>(), b.radius).gap;
    worst = std::max(worst, -gap);
  }
  return worst;
}

}  // namespace moreau::examples
