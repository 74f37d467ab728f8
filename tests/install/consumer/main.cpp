// Bouncing ball built against an installed Moreau: prints the first impact
// time, which for a drop from 1 m (g = 9.81) is sqrt(2/9.81) = 0.4515 s; with h = 0.005 the
// contact is activated at the step starting at t = 0.445, whose predicted state
// q_k + h v_k = 0.0069 gives 0.0069 + (h/2) v_k < 0 (the 90th step). Also checks that the
// installed moreau::io helper is usable (write rows, compare tables).
#include <moreau/Moreau.hpp>

#include <cstdio>

int main() {
  using namespace moreau;
  Eigen::MatrixXd M = Eigen::MatrixXd::Identity(1, 1);
  auto ball =
      std::make_shared<LagrangianLinearTIDS>(Eigen::VectorXd::Ones(1), Eigen::VectorXd::Zero(1), M);
  ball->setFExtPtr(Eigen::VectorXd::Constant(1, -9.81));
  auto inter = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(0.9),
                                             std::make_shared<LagrangianLinearTIR>(M));
  auto nsds = std::make_shared<NonSmoothDynamicalSystem>(0.0, 1.0);
  nsds->insertDynamicalSystem(ball);
  nsds->link(inter, ball);
  auto sim =
      std::make_shared<TimeStepping>(nsds, std::make_shared<TimeDiscretisation>(0.0, 0.005),
                                     std::make_shared<MoreauJeanOSI>(0.5), std::make_shared<LCP>());
  io::ResultWriter none("none");  // --output none
  while (sim->hasNextEvent()) {
    sim->computeOneStep();
    none.writeRow({sim->startingTime(), ball->q()(0), ball->velocity()(0)});
    if (inter->lambda(1)(0) > 0) {
      std::printf("first impact at t=%.4f\n", sim->startingTime());
      const Eigen::MatrixXd row = Eigen::MatrixXd::Constant(1, 2, sim->startingTime());
      if (!io::compareTables(row, row).withinTolerance || none.rows() != 90) return 1;
      return 0;
    }
    sim->nextStep();
  }
  std::printf("no impact\n");
  return 1;
}
