// The SliderCrankTS model (see SliderCrankModel.hpp and README.md).
#include "SliderCrankModel.hpp"

#include <cmath>

namespace moreau::examples {

using namespace slidercrank;

namespace {

constexpr double kTwoPi = 6.283185307179586476925;
constexpr double kK = (kM2 / 2 + kM3) * kL1 * kL2;
constexpr double kGravity1 = (kM1 / 2 + kM2 + kM3) * kGravity * kL1;  // F_int,0 = kGravity1 cos q0
constexpr double kGravity2 = (kM2 / 2 + kM3) * kGravity * kL2;        // F_int,1 = kGravity2 cos q1

// Corner i (0-based) of the table of §17: g_N = d/2 + sY (Y + sA a sin q2) − b cos q2 with
// (sY, sA) = (−1, −1), (−1, +1), (+1, −1), (+1, +1) for corners 1–4, and
// g_T = X + sX a cos q2 + sB b sin q2 with (sX, sB) = (−1, −1), (+1, −1), (−1, +1), (+1, +1).
struct Corner {
  double sY, sA, sX, sB;
};
constexpr std::array<Corner, 4> kCorners{
    {{-1, -1, -1, -1}, {-1, +1, +1, -1}, {+1, -1, -1, +1}, {+1, +1, +1, +1}}};

double gap(const Corner& k, const Eigen::VectorXd& q) {
  const double Y = kL1 * std::sin(q(0)) + kL2 * std::sin(q(1));
  return kD / 2 + k.sY * (Y + k.sA * kA * std::sin(q(2))) - kB * std::cos(q(2));
}

std::shared_ptr<Interaction> makeCorner(const Corner& k) {
  auto relation = std::make_shared<LagrangianScleronomousR>(
      [k](const Eigen::VectorXd& q, const Eigen::VectorXd&, Eigen::VectorXd& y) {
        const double X = kL1 * std::cos(q(0)) + kL2 * std::cos(q(1));
        y(0) = gap(k, q);
        y(1) = X + k.sX * kA * std::cos(q(2)) + k.sB * kB * std::sin(q(2));
      },
      [k](const Eigen::VectorXd& q, const Eigen::VectorXd&, Eigen::MatrixXd& G) {
        const double s = std::sin(q(2)), c = std::cos(q(2));
        G(0, 0) = k.sY * kL1 * std::cos(q(0));
        G(0, 1) = k.sY * kL2 * std::cos(q(1));
        G(0, 2) = k.sY * k.sA * kA * c + kB * s;
        G(1, 0) = -kL1 * std::sin(q(0));
        G(1, 1) = -kL2 * std::sin(q(1));
        G(1, 2) = -k.sX * kA * s + k.sB * kB * c;
      });
  return std::make_shared<Interaction>(
      std::make_shared<NewtonImpactFrictionNSL>(kRestitutionN, kRestitutionT, kFriction, 2),
      relation);
}

}  // namespace

std::array<double, 4> sliderCrankGaps(const Eigen::VectorXd& q) {
  return {gap(kCorners[0], q), gap(kCorners[1], q), gap(kCorners[2], q), gap(kCorners[3], q)};
}

double sliderCrankEnergy(const Eigen::VectorXd& q, const Eigen::VectorXd& v) {
  const double m00 = kJ1 + (kM1 / 4 + kM2 + kM3) * kL1 * kL1;
  const double m11 = kJ2 + (kM2 / 4 + kM3) * kL2 * kL2;
  const double m01 = kK * std::cos(q(1) - q(0));
  const double kinetic =
      0.5 * (m00 * v(0) * v(0) + 2 * m01 * v(0) * v(1) + m11 * v(1) * v(1) + kJ3 * v(2) * v(2));
  return kinetic + kGravity1 * std::sin(q(0)) + kGravity2 * std::sin(q(1));
}

SliderCrank makeSliderCrankSystem(const SliderCrankParameters& p) {
  SliderCrank m;
  const double t0 = 0.0;
  const Eigen::VectorXd q0 = Eigen::VectorXd::Zero(3);
  const Eigen::VectorXd v0 = Eigen::Vector3d(p.v0[0], p.v0[1], p.v0[2]);
  m.mechanism = std::make_shared<LagrangianDS>(
      q0, v0, [](const Eigen::VectorXd& q, const Eigen::VectorXd&, Eigen::MatrixXd& M) {
        const double k = kK * std::cos(q(1) - q(0));
        M << kJ1 + (kM1 / 4 + kM2 + kM3) * kL1 * kL1, k, 0.0,  //
            k, kJ2 + (kM2 / 4 + kM3) * kL2 * kL2, 0.0,         //
            0.0, 0.0, kJ3;
      });
  // F_gyr and its Jacobians.
  m.mechanism->setComputeNNLFunction([](const Eigen::VectorXd& q, const Eigen::VectorXd& v,
                                        const Eigen::VectorXd&, Eigen::VectorXd& N) {
    const double s = std::sin(q(0) - q(1));
    N << kK * s * v(1) * v(1), -kK * s * v(0) * v(0), 0.0;
  });
  m.mechanism->setComputeJacobianNNLqFunction([](const Eigen::VectorXd& q, const Eigen::VectorXd& v,
                                                 const Eigen::VectorXd&, Eigen::MatrixXd& J) {
    const double c = kK * std::cos(q(0) - q(1));
    J << c * v(1) * v(1), -c * v(1) * v(1), 0.0,  //
        -c * v(0) * v(0), c * v(0) * v(0), 0.0,   //
        0.0, 0.0, 0.0;
  });
  m.mechanism->setComputeJacobianNNLqDotFunction([](const Eigen::VectorXd& q,
                                                    const Eigen::VectorXd& v,
                                                    const Eigen::VectorXd&, Eigen::MatrixXd& J) {
    const double s = kK * std::sin(q(0) - q(1));
    J << 0.0, 2 * s * v(1), 0.0,  //
        -2 * s * v(0), 0.0, 0.0,  //
        0.0, 0.0, 0.0;
  });
  // F_int (gravity) and its Jacobians.
  m.mechanism->setComputeFIntFunction(
      [](double, const Eigen::VectorXd& q, const Eigen::VectorXd&, const Eigen::VectorXd&,
         Eigen::VectorXd& f) { f << kGravity1 * std::cos(q(0)), kGravity2 * std::cos(q(1)), 0.0; });
  m.mechanism->setComputeJacobianFIntqFunction([](double, const Eigen::VectorXd& q,
                                                  const Eigen::VectorXd&, const Eigen::VectorXd&,
                                                  Eigen::MatrixXd& J) {
    J.setZero();
    J(0, 0) = -kGravity1 * std::sin(q(0));
    J(1, 1) = -kGravity2 * std::sin(q(1));
  });
  m.mechanism->setComputeJacobianFIntqDotFunction([](double, const Eigen::VectorXd&,
                                                     const Eigen::VectorXd&, const Eigen::VectorXd&,
                                                     Eigen::MatrixXd& J) { J.setZero(); });

  m.nsds = std::make_shared<NonSmoothDynamicalSystem>(t0, p.T);
  m.nsds->insertDynamicalSystem(m.mechanism);
  for (std::size_t i = 0; i < 4; ++i) {
    m.corners[i] = makeCorner(kCorners[i]);
    m.nsds->link(m.corners[i], m.mechanism);
  }
  return m;
}

SliderCrank makeSliderCrank(const SliderCrankParameters& p) {
  SliderCrank m = makeSliderCrankSystem(p);
  const double t0 = 0.0;
  auto td = std::make_shared<TimeDiscretisation>(t0, p.h);
  auto osi = std::make_shared<MoreauJeanOSI>(kTheta);
  m.friction = std::make_shared<FrictionContact>(2, "enum");
  m.friction->setTolerance(p.solverTolerance);
  m.friction->setMaxIterations(p.solverMaxIterations);
  m.simulation = std::make_shared<TimeStepping>(m.nsds, td, osi, m.friction);
  m.simulation->setNewtonTolerance(p.newtonTolerance);
  m.simulation->setNewtonMaxIteration(p.newtonMaxIterations);
  return m;
}

void computeCornerGaps(const SliderCrank& m, double t) {
  for (const auto& corner : m.corners) corner->relation()->computeOutput(t, *corner, 0);
}

void sliderCrankRow(const SliderCrank& m, double t, double newtonIterations, double indexSetSize,
                    double* row) {
  const Eigen::VectorXd& q = m.mechanism->q();
  const Eigen::VectorXd& v = m.mechanism->velocity();
  const double Y = kL1 * std::sin(q(0)) + kL2 * std::sin(q(1));
  const double X = kL1 * std::cos(q(0)) + kL2 * std::cos(q(1));
  const double s = std::sin(q(2)), c = std::cos(q(2));
  row[0] = t;
  row[1] = q(0) / kTwoPi;
  row[2] = q(1);
  row[3] = q(2);
  row[4] = v(0);
  row[5] = v(1);
  row[6] = v(2);
  row[7] = (Y - kA * s + kB * c - kB) / kC;
  row[8] = (Y + kA * s + kB * c - kB) / kC;
  row[9] = (Y - kA * s - kB * c + kB) / kC;
  row[10] = (Y + kA * s - kB * c + kB) / kC;
  row[11] = (X - kL2) / kL1;
  row[12] = Y / kC;
  for (std::size_t i = 0; i < 4; ++i) {
    row[13 + i] = m.corners[i]->y(0)(0);
    row[17 + i] = m.corners[i]->y(1)(0);
    row[21 + i] = m.corners[i]->lambda(1)(0);
  }
  row[25] = newtonIterations;
  row[26] = indexSetSize;
}

}  // namespace moreau::examples
