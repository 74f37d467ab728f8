#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/Interaction.hpp>
#include <moreau/kernel/modeling/Lagrangian2d1DR.hpp>
#include <moreau/kernel/modeling/LagrangianDS.hpp>

#include <cmath>
#include <string>

namespace moreau {

Lagrangian2d1DR::Lagrangian2d1DR() = default;

Lagrangian2d1DR::Lagrangian2d1DR(const Eigen::Vector2d& pc1, const Eigen::Vector2d& pc2,
                                 const Eigen::Vector2d& nc)
    : pc1_(pc1), pc2_(pc2) {
  setNc(nc);
}

void Lagrangian2d1DR::setNc(const Eigen::Vector2d& nc) {
  if (!nc.allFinite() || nc.squaredNorm() == 0.0)
    throw ModelError(std::string(typeName()) + ": the contact normal must be finite and nonzero");
  nc_ = nc;
}

double Lagrangian2d1DR::signedDistance() const {
  const Eigen::Vector2d d = pc2_ - pc1_;
  const double sigma = nc_.dot(d) >= 0.0 ? -1.0 : 1.0;
  return sigma * d.norm();
}

void Lagrangian2d1DR::initializeWorkspace(Interaction& inter) {
  const auto& systems = inter.dynamicalSystems();
  for (std::size_t i = 0; i < systems.size(); ++i)
    if (linkedDS(inter, i).ndof() != 3)
      throw ModelError(std::string(typeName()) + " of " + inter.description() + ": linked system " +
                       std::to_string(i) + " has ndof " +
                       std::to_string(linkedDS(inter, i).ndof()) +
                       ", a planar rigid body needs q = (x, y, θ) (ndof 3)");
  if (inter.dimension() < rows())
    throw ModelError(std::string(typeName()) + " of " + inter.description() + ": dimension " +
                     std::to_string(inter.dimension()) + ", needs at least " +
                     std::to_string(rows()));
}

void Lagrangian2d1DR::evaluateJacobian(Interaction& inter) const {
  RelationWorkspace& ws = inter.workspace();
  ws.C.setZero();
  const Eigen::Vector2d t(-nc_.y(), nc_.x());
  const Eigen::Vector2d l1 = pc1_ - ws.x.segment<2>(0);
  const bool two = inter.dynamicalSystems().size() > 1;
  const Eigen::Vector2d l2 = two ? Eigen::Vector2d(pc2_ - ws.x.segment<2>(3)) : Eigen::Vector2d();
  for (Eigen::Index r = 0; r < rows(); ++r) {
    const Eigen::Vector2d d = r == 0 ? nc_ : t;
    ws.C(r, 0) = d.x();
    ws.C(r, 1) = d.y();
    ws.C(r, 2) = l1.x() * d.y() - l1.y() * d.x();
    if (two) {
      ws.C(r, 3) = -d.x();
      ws.C(r, 4) = -d.y();
      ws.C(r, 5) = -(l2.x() * d.y() - l2.y() * d.x());
    }
  }
}

void Lagrangian2d1DR::computeJacobians(double, Interaction& inter) {
  gatherQ(inter);
  evaluateJacobian(inter);
}

void Lagrangian2d1DR::computeOutput(double, Interaction& inter, unsigned level) {
  checkLevel(inter, level, 1);
  if (level == 0) {
    Eigen::VectorXd& y = inter.y(0);
    y.setZero();
    y(0) = signedDistance();
    return;
  }
  gatherQ(inter);
  evaluateJacobian(inter);
  gatherV(inter);
  velocityOutput(inter);
}

}  // namespace moreau
