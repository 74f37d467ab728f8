// Ball2DFriction: a spinning 2-D disk dropped on a frictional floor (tutorial-models specification
// §14, issue 13), with the planar rigid-body contact relation Lagrangian2d2DR and a user
// InteractionManager that moves the contact point before each step.
//   LagrangianLinearTIDS, q = (x vertical, y horizontal, angle), R = 0.5, m = 1, g = 9.81,
//   M = diag(m, m, 2/5 m R²), F_ext = (−m g, 0, 0), q0 = (1, 0, 0), v0 = (0, 0, 2).
//   Lagrangian2d2DR: Pc2 = (0, 0) (the floor), N = (1, 0); before each step the manager sets
//   Pc1 = (q0 − R, q1) from the systems' q when it runs, the predicted state q̃ = q_k + h v_k (as
//   Siconos calls it after computeInitialNewtonState; see the README), so
//   y0 = sign(q0 − R)·√((q0 − R)² + q1²) (the horizontal offset enters the gap: a quirk of the
//   tutorial), G = [[1, 0, 0], [0, 1, −R]].
//   NewtonImpactFrictionNSL(e_n = 0.9, e_t = 0, μ = 0.1, 2).
// MoreauJeanOSI(0.5), FrictionContact(2) with its default NSGS, Newton defaults.
// t0 = 0, T = 10, h = 5e-3 (2000 steps).
//
// Output (row 0 = the initial state at t0, then one row per step), 9 columns:
//   t, q0, v0, v2, p(1)_0, λ(1)_0, q1, q2, v1;  none with `--output none`.
#include <moreau/Moreau.hpp>

#include <cmath>
#include <cstdio>
#include <exception>
#include <memory>
#include <optional>
#include <utility>

#include "moreau/examples/ExampleSupport.hpp"

using namespace moreau;

namespace {

// Puts the contact point at the bottom of the disk at the state of the step's start.
class DiskOnFloorManager : public InteractionManager {
 public:
  DiskOnFloorManager(std::shared_ptr<LagrangianDS> disk, std::shared_ptr<Lagrangian2d2DR> contact,
                     double radius)
      : disk_(std::move(disk)), contact_(std::move(contact)), radius_(radius) {}
  void updateInteractions(Simulation&) override { place(); }
  void place() {
    const Eigen::VectorXd& q = disk_->q();
    contact_->setPc1(Eigen::Vector2d(q(0) - radius_, q(1)));
    contact_->setNc(Eigen::Vector2d(1.0, 0.0));
  }

 private:
  std::shared_ptr<LagrangianDS> disk_;
  std::shared_ptr<Lagrangian2d2DR> contact_;
  double radius_;
};

}  // namespace

int main(int argc, char** argv) {
  examples::CommandLine cli("Ball2DFriction",
                            "Spinning 2-D disk dropped on a frictional floor (Lagrangian2d2DR, "
                            "interaction manager, Moreau-Jean, FrictionContact 2D).",
                            "Ball2DFriction.dat");
  cli.addNumber("T", 10.0, "final time");
  cli.addNumber("h", 5e-3, "time step");
  cli.addNumber("newton-tolerance", 1e-6, "Newton tolerance (1e-6: the TimeStepping default)");
  cli.parse(argc, argv);

  try {
    const double R = 0.5, m = 1.0, g = 9.81;
    const double en = 0.9, et = 0.0, mu = 0.1, theta = 0.5;
    const double t0 = 0, T = cli.number("T"), h = cli.number("h");

    const Eigen::Vector3d q0(1, 0, 0), v0(0, 0, 2);
    Eigen::Matrix3d M = Eigen::Matrix3d::Zero();
    M.diagonal() << m, m, 0.4 * m * R * R;
    auto disk = std::make_shared<LagrangianLinearTIDS>(q0, v0, M);
    disk->setFExt(Eigen::Vector3d(-m * g, 0, 0));

    auto contact = std::make_shared<Lagrangian2d2DR>();
    contact->setPc2(Eigen::Vector2d::Zero());
    auto manager = std::make_shared<DiskOnFloorManager>(disk, contact, R);
    manager->place();  // the contact point of the initial state
    auto inter = std::make_shared<Interaction>(
        std::make_shared<NewtonImpactFrictionNSL>(en, et, mu, 2), contact);

    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(t0, T);
    nsds->insertDynamicalSystem(disk);
    nsds->link(inter, disk);
    auto td = std::make_shared<TimeDiscretisation>(t0, h);
    auto osi = std::make_shared<MoreauJeanOSI>(theta);
    auto fc = std::make_shared<FrictionContact>(2);  // default NSGS
    auto sim = std::make_shared<TimeStepping>(nsds, td, osi, fc);
    sim->setNewtonTolerance(cli.number("newton-tolerance"));
    sim->insertInteractionManager(manager);
    sim->initialize();

    const long N = static_cast<long>(std::llround((T - t0) / h));
    std::optional<examples::RowWriter> out;
    const Eigen::VectorXd& q = disk->q();
    const Eigen::VectorXd& v = disk->velocity();
    auto writeRow = [&](double t) {
      out->write({t, q(0), v(0), v(2), disk->p(1)(0), inter->lambda(1)(0), q(1), q(2), v(1)});
    };
    if (cli.writesOutput()) {
      out.emplace(cli.output(), 9);
      writeRow(t0);
    }

    examples::ProgressBar progress("Ball2DFriction", N);
    const double outputBefore = out ? out->seconds() : 0.0;
    const examples::Stopwatch clock;
    long steps = 0, impacts = 0;
    for (long k = 0; k < N; ++k) {
      sim->computeOneStep();
      if (inter->lambda(1)(0) > 0) ++impacts;
      if (out) writeRow(sim->nextTime());
      sim->nextStep();
      progress.update(++steps);
    }
    const double simulation = clock.seconds() - ((out ? out->seconds() : 0.0) - outputBefore);
    progress.finish();
    if (out) out->close();
    examples::printSummary("Ball2DFriction", steps, impacts, "impacts",
                           sim->log().numberOfFailures(), simulation, out ? &*out : nullptr);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "Ball2DFriction: error: %s\n", error.what());
    return 1;
  }
  return 0;
}
