#pragma once
// Normal contact between a Newton–Euler body and the ground or two bodies
// (Siconos NewtonEuler1DR; dev-notes §5.5 with errata A21–A22,
// docs/theory/newton-euler.md §4). A contact function gives, at the current
// q, the gap g, the contact points P1 (on body 1) and P2 (on body 2 or the
// ground) and the unit normal n (inertial frame, from body 2 / the ground
// towards body 1). Then
//   y = g,   H = nᵀ [ I₃ , −(P1 − G1)~ R1 , −I₃ , (P2 − G2)~ R2 ]   (1 × 6 per body)
// i.e. ẏ = n · (velocity of the material point of body 1 at P1 − that of
// body 2 at P2), with v_P = v_G + ω × GP and ω = R Ω (Ω in the body frame).
// With one linked body the ground terms are absent (the ground is at rest).

#include <moreau/kernel/modeling/NewtonEulerR.hpp>

#include <functional>
#include <memory>

namespace moreau {

/// Contact data at the current configuration (inertial frame).
struct ContactGeometry {
  double gap = 0.0;  ///< signed distance (length unit of q): > 0 apart, < 0 penetration
  Eigen::Vector3d point1 = Eigen::Vector3d::Zero();   ///< P1, on body 1
  Eigen::Vector3d point2 = Eigen::Vector3d::Zero();   ///< P2, on body 2 or the ground
  Eigen::Vector3d normal = Eigen::Vector3d::UnitX();  ///< unit, from body 2 towards body 1
};

/// Frictionless normal contact of one Newton–Euler body with the ground or of two bodies
/// (Siconos NewtonEuler1DR): y = g (size 1), ẏ = n · (relative velocity of the material
/// points at P1 and P2), H = nᵀ [I₃, −(P1 − G1)~R1, −I₃, (P2 − G2)~R2]; e.g. with NewtonImpactNSL.
class NewtonEuler1DR : public NewtonEulerR {
 public:
  /// q = [q_1] or [q_1; q_2] (7 per body), z = concatenated z. The function must depend on
  /// (q, z) alone: the relation calls it again only when q or z changed (bitwise) since its
  /// last call on the interaction, and keeps H while they are unchanged (a geometry that
  /// moves otherwise, e.g. a prescribed obstacle, goes through z).
  using ContactFunction =
      std::function<void(const Eigen::VectorXd& q, const Eigen::VectorXd& z, ContactGeometry& c)>;

  /// ModelError when the function is empty.
  explicit NewtonEuler1DR(ContactFunction contact);

  /// A sphere of radius r (body 1, centre G1) and the plane through
  /// planePoint with normal planeNormal (normalised; ModelError when zero):
  /// g = n·(G1 − planePoint) − r, P1 = G1 − r n, P2 = P1 − g n.
  static ContactFunction sphereOnPlane(double radius, const Eigen::Vector3d& planePoint,
                                       const Eigen::Vector3d& planeNormal);
  /// Two spheres (bodies 1 and 2): n = (G1 − G2)/|G1 − G2|, g = |G1 − G2| −
  /// r1 − r2, P1 = G1 − r1 n, P2 = G2 + r2 n (ModelError when G1 = G2).
  static ContactFunction sphereOnSphere(double radius1, double radius2);
  /// The material point a (body-1 frame, relative to G1) against a plane:
  /// P1 = G1 + R1 a, g = n·(P1 − planePoint), P2 = P1 − g n.
  static ContactFunction bodyPointOnPlane(const Eigen::Vector3d& a,
                                          const Eigen::Vector3d& planePoint,
                                          const Eigen::Vector3d& planeNormal);

  const char* typeName() const override { return "NewtonEuler1DR"; }
  Eigen::Index outputSize() const override { return 1; }

  /// The contact data of the last evaluation on inter (computeOutput or
  /// computeJacobians; zero before). Kept in the interaction's workspace
  /// (RelationWorkspace::e = [g, P1, P2, n, ...]: 10 entries, then the cache state and the
  /// (q, z) of that evaluation).
  ContactGeometry contact(const Interaction& inter) const;

 protected:
  /// For NewtonEuler3DR (output size 3).
  NewtonEuler1DR(ContactFunction contact, int);
  void initializeWorkspace(Interaction& inter) override;
  void evaluateOutput(double t, Interaction& inter) override;
  void evaluateJacobians(double t, Interaction& inter) override;
  /// One evaluation of the contact function for y(0) and H.
  void evaluateOutputAndJacobians(double t, Interaction& inter) override;
  /// y(0) (size outputSize()) from the contact data c: (g) here.
  virtual void outputFromContact(Interaction& inter, const ContactGeometry& c) const;
  /// ws.C = H from the contact data c: the normal row here.
  virtual void jacobiansFromContact(Interaction& inter, const ContactGeometry& c) const;
  /// 0: nothing kept for the current (ws.x, ws.z); 1: ws.e holds its contact; 2: and ws.C its H.
  int cached(const Interaction& inter) const;
  /// Evaluates the contact function at ws.x into ws.e (ModelError naming the
  /// relation and the interaction on a non-finite value or a normal that is
  /// not of unit length within 1e-8).
  ContactGeometry evaluateContact(double t, Interaction& inter) const;
  /// ws.C = frame · [I, −(P1 − G1)~R1, −I, (P2 − G2)~R2] (frame: k × 3 rows).
  static void contactRows(Interaction& inter, const ContactGeometry& c,
                          const Eigen::Matrix3d& frame, Eigen::Index rows);

 private:
  ContactFunction contact_;
};

}  // namespace moreau
