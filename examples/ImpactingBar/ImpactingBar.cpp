// ImpactingBar: a 1-D elastic steel bar (n = 100 finite-element nodes) moving down with a uniform
// velocity hits a rigid obstacle at node 0 with e = 0 (tutorial-models specification §11,
// issue 10, "-ref" parameter set).
//   LagrangianLinearTIDS, n = 100:  M v̇ + K q = p,  l = L/n,
//   M = ρSl · tridiag(1/6, [1/3, 2/3, ..., 2/3, 1/3], 1/6),
//   K = (ES/l) · tridiag(−1, [1, 2, ..., 2, 1], −1),
//   F_ext = 0, q0_i = 5e-5, v0_i = −0.1
//   contact y = q_0 (LagrangianLinearTIR H = e₀ᵀ), NewtonImpactNSL(0)
// MoreauJeanOSI(θ = 0.5, γ = 0): the contact is active when ỹ + 0·h ẏ̃ = q̃_0 ≤ 0, the output at
// the predicted state q̃ = q_k + h v_k (Siconos's rule, see the README). LCP, default solver.
// t0 = 1e-8, T = 0.0015, h = 2e-6, N = floor((T − t0)/h) = 749 rows, 748 steps.
// M and K are tridiagonal; LagrangianLinearTIDS stores them dense (100 × 100), which costs
// ~0.1 ms per step here (M̂ is factorized once, then one K·q product and one solve per step).
//
// Output (row 0 = the initial state at t0, then one row per step), 12 columns:
//   t, q_0, v_0, p(1)_0/h (row 0: p(1)_0), λ(1)_0, qᵀKq, vᵀMv, q_99, v_99, q_50, v_50,
//   (θ v_0,k+1 + (1−θ) v_0,k)·λ(1)_0 (row 0: 0);
// none with `--output none`.
#include <moreau/Moreau.hpp>

#include <cmath>
#include <cstdio>
#include <exception>
#include <memory>
#include <optional>

#include "moreau/examples/ExampleSupport.hpp"

using namespace moreau;

int main(int argc, char** argv) {
  examples::CommandLine cli("ImpactingBar",
                            "Elastic bar (100 finite-element nodes) impacting a rigid obstacle "
                            "(Moreau-Jean theta = 0.5, gamma = 0, LCP).",
                            "ImpactingBar.dat");
  cli.addNumber("T", 0.0015, "final time");
  cli.addNumber("h", 2e-6, "time step");
  cli.parse(argc, argv);

  try {
    constexpr int n = 100;
    const double L = 1.0, l = L / n, E = 210e9, S = 3.14e-4, rho = 7800, e = 0.0;
    const double theta = 0.5, gamma = 0.0, t0 = 1e-8;
    const double T = cli.number("T"), h = cli.number("h");

    // Consistent mass and stiffness of linear bar elements (tridiagonal, stored dense).
    Eigen::MatrixXd M = Eigen::MatrixXd::Zero(n, n), K = Eigen::MatrixXd::Zero(n, n);
    for (int i = 0; i < n; ++i) {
      const bool end = i == 0 || i == n - 1;
      M(i, i) = rho * S * l * (end ? 1.0 / 3.0 : 2.0 / 3.0);
      K(i, i) = E * S / l * (end ? 1.0 : 2.0);
      if (i + 1 < n) {
        M(i, i + 1) = M(i + 1, i) = rho * S * l / 6.0;
        K(i, i + 1) = K(i + 1, i) = -E * S / l;
      }
    }
    const Eigen::VectorXd q0 = Eigen::VectorXd::Constant(n, 5e-5);
    const Eigen::VectorXd v0 = Eigen::VectorXd::Constant(n, -0.1);
    auto bar = std::make_shared<LagrangianLinearTIDS>(q0, v0, M, K, Eigen::MatrixXd::Zero(n, n));
    bar->setFExtPtr(Eigen::VectorXd::Zero(n));

    // The obstacle at node 0: y = q_0 ≥ 0.
    Eigen::MatrixXd H = Eigen::MatrixXd::Zero(1, n);
    H(0, 0) = 1.0;
    auto contact = std::make_shared<Interaction>(std::make_shared<NewtonImpactNSL>(e),
                                                 std::make_shared<LagrangianLinearTIR>(H));

    auto nsds = std::make_shared<NonSmoothDynamicalSystem>(t0, T);
    nsds->insertDynamicalSystem(bar);
    nsds->link(contact, bar);
    auto td = std::make_shared<TimeDiscretisation>(t0, h);
    auto osi = std::make_shared<MoreauJeanOSI>(theta, gamma);
    auto lcp = std::make_shared<LCP>();
    auto sim = std::make_shared<TimeStepping>(nsds, td, osi, lcp);
    sim->initialize();

    // As in the tutorial: N = floor((T − t0)/h) rows, the loop runs while k < N from k = 1.
    const long N = static_cast<long>(std::floor((T - t0) / h));
    const long stepsToDo = N > 1 ? N - 1 : 0;

    const Eigen::VectorXd& q = bar->q();
    const Eigen::VectorXd& v = bar->velocity();
    Eigen::VectorXd work(n);
    std::optional<examples::RowWriter> out;
    double previousV0 = v(0);
    auto writeRow = [&](double t, bool initial) {
      const double lambda = contact->lambda(1)(0), p = bar->p(1)(0);
      work.noalias() = K * q;
      const double qKq = q.dot(work);
      work.noalias() = M * v;
      const double vMv = v.dot(work);
      const double power = initial ? 0.0 : (theta * v(0) + (1 - theta) * previousV0) * lambda;
      out->write({t, q(0), v(0), initial ? p : p / h, lambda, qKq, vMv, q(n - 1), v(n - 1),
                  q(n / 2), v(n / 2), power});
    };
    if (cli.writesOutput()) {
      out.emplace(cli.output(), 12);
      writeRow(t0, true);
    }

    examples::ProgressBar progress("ImpactingBar", stepsToDo);
    const double outputBefore = out ? out->seconds() : 0.0;
    const examples::Stopwatch clock;
    long steps = 0, impacts = 0;
    for (long k = 1; k < N; ++k) {
      previousV0 = v(0);
      sim->computeOneStep();
      if (contact->lambda(1)(0) > 0) ++impacts;
      if (out) writeRow(sim->nextTime(), false);
      sim->nextStep();
      progress.update(++steps);
    }
    const double simulation = clock.seconds() - ((out ? out->seconds() : 0.0) - outputBefore);
    progress.finish();
    if (out) out->close();
    examples::printSummary("ImpactingBar", steps, impacts, "impacts", sim->log().numberOfFailures(),
                           simulation, out ? &*out : nullptr);
  } catch (const std::exception& error) {
    std::fprintf(stderr, "ImpactingBar: error: %s\n", error.what());
    return 1;
  }
  return 0;
}
