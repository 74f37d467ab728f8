// Normal contact of Newton–Euler bodies; docs/theory/newton-euler.md §4.
#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/Interaction.hpp>
#include <moreau/kernel/modeling/NewtonEuler1DR.hpp>
#include <moreau/kernel/modeling/NewtonEulerDS.hpp>
#include <moreau/kernel/utils/Quaternion.hpp>

#include <cmath>
#include <cstring>
#include <sstream>
#include <string>
#include <utility>

namespace moreau {

namespace qt = quaternion;

namespace {

Eigen::Vector3d unitNormal(const Eigen::Vector3d& n, const char* what) {
  const double norm = n.norm();
  if (!(norm > 0.0) || !std::isfinite(norm))
    throw ModelError(std::string("NewtonEuler1DR::") + what +
                     ": the plane normal is zero or not finite");
  return n / norm;
}

// Workspace e: [g, P1, P2, n] (0..9), the cache state (10) and the (x, z) of the last contact
// evaluation (11..). Cache state: 0 nothing, 1 e holds the contact at that (x, z), 2 and ws.C
// its H.
constexpr Eigen::Index kCacheState = 10;
constexpr Eigen::Index kCacheData = 11;

bool sameBits(const double* a, const double* b, Eigen::Index n) {
  return n == 0 || std::memcmp(a, b, sizeof(double) * static_cast<std::size_t>(n)) == 0;
}

}  // namespace

NewtonEuler1DR::NewtonEuler1DR(ContactFunction contact) : contact_(std::move(contact)) {
  if (!contact_) throw ModelError("NewtonEuler1DR: the contact function is empty");
}

NewtonEuler1DR::NewtonEuler1DR(ContactFunction contact, int) : contact_(std::move(contact)) {
  if (!contact_) throw ModelError("NewtonEuler3DR: the contact function is empty");
}

NewtonEuler1DR::ContactFunction NewtonEuler1DR::sphereOnPlane(double radius,
                                                              const Eigen::Vector3d& planePoint,
                                                              const Eigen::Vector3d& planeNormal) {
  const Eigen::Vector3d n = unitNormal(planeNormal, "sphereOnPlane");
  return [radius, planePoint, n](const Eigen::VectorXd& q, const Eigen::VectorXd&,
                                 ContactGeometry& c) {
    const Eigen::Vector3d G = q.head<3>();
    c.normal = n;
    c.gap = n.dot(G - planePoint) - radius;
    c.point1 = G - radius * n;
    c.point2 = c.point1 - c.gap * n;
  };
}

NewtonEuler1DR::ContactFunction NewtonEuler1DR::sphereOnSphere(double radius1, double radius2) {
  return [radius1, radius2](const Eigen::VectorXd& q, const Eigen::VectorXd&, ContactGeometry& c) {
    if (q.size() < 14)
      throw ModelError("NewtonEuler1DR::sphereOnSphere: the interaction must link two bodies");
    const Eigen::Vector3d d = q.head<3>() - q.segment<3>(7);
    const double dist = d.norm();
    if (!(dist > 0.0)) throw ModelError("NewtonEuler1DR::sphereOnSphere: the two centres coincide");
    c.normal = d / dist;
    c.gap = dist - radius1 - radius2;
    c.point1 = q.head<3>() - radius1 * c.normal;
    c.point2 = q.segment<3>(7) + radius2 * c.normal;
  };
}

NewtonEuler1DR::ContactFunction NewtonEuler1DR::bodyPointOnPlane(
    const Eigen::Vector3d& a, const Eigen::Vector3d& planePoint,
    const Eigen::Vector3d& planeNormal) {
  const Eigen::Vector3d n = unitNormal(planeNormal, "bodyPointOnPlane");
  return [a, planePoint, n](const Eigen::VectorXd& q, const Eigen::VectorXd&, ContactGeometry& c) {
    c.normal = n;
    c.point1 = q.head<3>() + qt::rotate(q.segment<4>(3), a);
    c.gap = n.dot(c.point1 - planePoint);
    c.point2 = c.point1 - c.gap * n;
  };
}

void NewtonEuler1DR::initializeWorkspace(Interaction& inter) {
  NewtonEulerR::initializeWorkspace(inter);
  RelationWorkspace& ws = inter.workspace();
  ws.e = Eigen::VectorXd::Zero(kCacheData + ws.x.size() + ws.z.size());
}

int NewtonEuler1DR::cached(const Interaction& inter) const {
  const RelationWorkspace& ws = inter.workspace();
  const Eigen::Index nx = ws.x.size(), nz = ws.z.size();
  if (ws.e.size() != kCacheData + nx + nz || ws.e(kCacheState) == 0.0) return 0;
  const double* at = ws.e.data() + kCacheData;
  if (!sameBits(at, ws.x.data(), nx) || !sameBits(at + nx, ws.z.data(), nz)) return 0;
  return static_cast<int>(ws.e(kCacheState));
}

ContactGeometry NewtonEuler1DR::contact(const Interaction& inter) const {
  ContactGeometry c;
  const Eigen::VectorXd& e = inter.workspace().e;
  if (e.size() < kCacheData) return c;
  c.gap = e(0);
  c.point1 = e.segment<3>(1);
  c.point2 = e.segment<3>(4);
  c.normal = e.segment<3>(7);
  return c;
}

ContactGeometry NewtonEuler1DR::evaluateContact(double t, Interaction& inter) const {
  RelationWorkspace& ws = inter.workspace();
  ContactGeometry c;
  contact_(ws.x, ws.z, c);
  const bool finite =
      std::isfinite(c.gap) && c.point1.allFinite() && c.point2.allFinite() && c.normal.allFinite();
  if (!finite || std::abs(c.normal.norm() - 1.0) > 1e-8) {
    std::ostringstream os;
    os << typeName() << " of " << inter.description() << ": the contact function returned "
       << (finite ? "a normal of norm " + std::to_string(c.normal.norm()) + " (unit required)"
                  : std::string("a non-finite value"))
       << " at t = " << t;
    throw ModelError(os.str());
  }
  ws.e(0) = c.gap;
  ws.e.segment<3>(1) = c.point1;
  ws.e.segment<3>(4) = c.point2;
  ws.e.segment<3>(7) = c.normal;
  const Eigen::Index nx = ws.x.size(), nz = ws.z.size();
  if (ws.e.size() == kCacheData + nx + nz) {
    ws.e.segment(kCacheData, nx) = ws.x;
    ws.e.segment(kCacheData + nx, nz) = ws.z;
    ws.e(kCacheState) = 1.0;
  }
  return c;
}

void NewtonEuler1DR::contactRows(Interaction& inter, const ContactGeometry& c,
                                 const Eigen::Matrix3d& frame, Eigen::Index rows) {
  RelationWorkspace& ws = inter.workspace();
  for (std::size_t i = 0; i < ws.offsets.size(); ++i) {
    const Eigen::Index qo = NewtonEulerDS::qDim * static_cast<Eigen::Index>(i);
    const Eigen::Vector3d G = ws.x.segment<3>(qo);
    const Eigen::Matrix3d R = qt::rotationMatrix(ws.x.segment<4>(qo + 3));
    const double sign = i == 0 ? 1.0 : -1.0;
    const Eigen::Vector3d GP = (i == 0 ? c.point1 : c.point2) - G;
    // Fixed-size 3 × 3 products (the frame's unused rows are not copied).
    const Eigen::Matrix3d angular = -sign * frame * qt::skew(GP) * R;
    if (rows == 3 && ws.C.rows() == 3) {  // frictional contact: fixed-size 3 × 3 writes
      Eigen::Map<Eigen::Matrix3d>(ws.C.data() + 3 * ws.offsets[i]) = sign * frame;
      Eigen::Map<Eigen::Matrix3d>(ws.C.data() + 3 * (ws.offsets[i] + 3)) = angular;
      continue;
    }
    ws.C.block(0, ws.offsets[i], rows, 3) = sign * frame.topRows(rows);
    ws.C.block(0, ws.offsets[i] + 3, rows, 3) = angular.topRows(rows);
  }
}

void NewtonEuler1DR::outputFromContact(Interaction& inter, const ContactGeometry& c) const {
  inter.y(0)(0) = c.gap;
}

void NewtonEuler1DR::jacobiansFromContact(Interaction& inter, const ContactGeometry& c) const {
  Eigen::Matrix3d frame = Eigen::Matrix3d::Zero();
  frame.row(0) = c.normal.transpose();
  contactRows(inter, c, frame, 1);
}

// The contact function is evaluated only when (q, z) changed since its last evaluation on
// inter (bitwise), and H only when the contact changed: the same values, computed once per
// configuration (docs/kernel/performance.md).
void NewtonEuler1DR::evaluateOutput(double t, Interaction& inter) {
  outputFromContact(inter, cached(inter) > 0 ? contact(inter) : evaluateContact(t, inter));
}

void NewtonEuler1DR::evaluateJacobians(double t, Interaction& inter) {
  const int state = cached(inter);
  if (state == 2) return;
  jacobiansFromContact(inter, state == 1 ? contact(inter) : evaluateContact(t, inter));
  inter.workspace().e(kCacheState) = 2.0;
}

void NewtonEuler1DR::evaluateOutputAndJacobians(double t, Interaction& inter) {
  const int state = cached(inter);
  const ContactGeometry c = state > 0 ? contact(inter) : evaluateContact(t, inter);
  outputFromContact(inter, c);
  if (state == 2) return;
  jacobiansFromContact(inter, c);
  inter.workspace().e(kCacheState) = 2.0;
}

}  // namespace moreau
