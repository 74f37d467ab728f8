// The model and the output row of BouncingBallNETS (tutorial-models.md §31), shared with
// BouncingBallNETSProj (§32, the same model with the projection scheme). Header-only.
//
// NewtonEulerDS m = 1, I = I₃, F_ext = (−m g, 0, 0), g = 9.81; q0 = (1, 0, 0, 1, 0, 0, 0),
// v0 = (2, 0, 0, 0, 0, 0). NewtonEuler3DR with the sphere–plane contact of radius R = 0.1 on
// x = 0, law NewtonImpactFrictionNSL(e_n = 0.9, e_t = 0.9, μ = 0.6, 3).
#ifndef MOREAU_EXAMPLES_BOUNCINGBALLNETSMODEL_HPP
#define MOREAU_EXAMPLES_BOUNCINGBALLNETSMODEL_HPP

#include <moreau/Moreau.hpp>

#include <algorithm>
#include <cmath>
#include <memory>

namespace moreau::examples {

/// The ball, its contact with the plane and the model on [t0, T] (the contact linked).
struct BouncingBallNETSModel {
  std::shared_ptr<NewtonEulerDS> ball;
  std::shared_ptr<NewtonEuler3DR> relation;
  std::shared_ptr<Interaction> contact;
  std::shared_ptr<NonSmoothDynamicalSystem> nsds;
};

/// Builds the model of §31 on [t0, T].
inline BouncingBallNETSModel makeBouncingBallNETS(double t0, double T) {
  const double m = 1, g = 9.81, R = 0.1;
  BouncingBallNETSModel model;
  Eigen::VectorXd q0(7), v0(6);
  q0 << 1, 0, 0, 1, 0, 0, 0;
  v0 << 2, 0, 0, 0, 0, 0;
  model.ball = std::make_shared<NewtonEulerDS>(q0, v0, m, Eigen::Matrix3d::Identity());
  model.ball->setFExt(Eigen::Vector3d(-m * g, 0, 0));
  model.relation = std::make_shared<NewtonEuler3DR>(
      NewtonEuler1DR::sphereOnPlane(R, Eigen::Vector3d::Zero(), Eigen::Vector3d::UnitX()));
  model.contact = std::make_shared<Interaction>(
      std::make_shared<NewtonImpactFrictionNSL>(0.9, 0.9, 0.6, 3), model.relation);
  model.nsds = std::make_shared<NonSmoothDynamicalSystem>(t0, T);
  model.nsds->insertDynamicalSystem(model.ball);
  model.nsds->link(model.contact, model.ball);
  return model;
}

/// The 16 output columns of §31 for the current state at time t: t, q0, v0, p(1)_0, λ(1)_0,
/// acos(q3), ‖contactForce‖₂, q0..q6, v1, v2 (contactForce = Hᵀλ(1), 6 entries).
inline void bouncingBallNETSRow(const BouncingBallNETSModel& model, double t, double* row) {
  const Eigen::VectorXd& q = model.ball->q();
  const Eigen::VectorXd& v = model.ball->twist();
  const Eigen::Matrix<double, 6, 1> contactForce =
      model.relation->jachqT(*model.contact).transpose() * model.contact->lambda(1);
  row[0] = t;
  row[1] = q(0);
  row[2] = v(0);
  row[3] = model.ball->p(1)(0);
  row[4] = model.contact->lambda(1)(0);
  row[5] = std::acos(std::clamp(q(3), -1.0, 1.0));
  row[6] = contactForce.norm();
  for (Eigen::Index i = 0; i < 7; ++i) row[7 + i] = q(i);
  row[14] = v(1);
  row[15] = v(2);
}

}  // namespace moreau::examples

#endif  // MOREAU_EXAMPLES_BOUNCINGBALLNETSMODEL_HPP
