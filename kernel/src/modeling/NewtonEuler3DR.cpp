// Frictional contact of Newton–Euler bodies; docs/theory/newton-euler.md §4.
#include <moreau/kernel/modeling/Interaction.hpp>
#include <moreau/kernel/modeling/NewtonEuler3DR.hpp>

#include <cmath>
#include <utility>

namespace moreau {

NewtonEuler3DR::NewtonEuler3DR(ContactFunction contact) : NewtonEuler1DR(std::move(contact), 3) {}

void NewtonEuler3DR::tangentBasis(const Eigen::Vector3d& n, Eigen::Vector3d& t1,
                                  Eigen::Vector3d& t2) {
  if (std::abs(n(0)) > std::abs(n(1))) {
    const double s = std::sqrt(n(0) * n(0) + n(2) * n(2));
    t1 = Eigen::Vector3d(n(2) / s, 0.0, -n(0) / s);
  } else {
    const double s = std::sqrt(n(1) * n(1) + n(2) * n(2));
    t1 = Eigen::Vector3d(0.0, n(2) / s, -n(1) / s);
  }
  t2 = n.cross(t1);
}

void NewtonEuler3DR::outputFromContact(Interaction& inter, const ContactGeometry& c) const {
  Eigen::VectorXd& y = inter.y(0);
  y(0) = c.gap;
  y(1) = 0.0;
  y(2) = 0.0;
}

void NewtonEuler3DR::jacobiansFromContact(Interaction& inter, const ContactGeometry& c) const {
  Eigen::Vector3d t1, t2;
  tangentBasis(c.normal, t1, t2);
  Eigen::Matrix3d frame;
  frame.row(0) = c.normal.transpose();
  frame.row(1) = t1.transpose();
  frame.row(2) = t2.transpose();
  contactRows(inter, c, frame, 3);
}

}  // namespace moreau
