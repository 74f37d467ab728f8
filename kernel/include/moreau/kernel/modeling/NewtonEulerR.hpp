#pragma once
// Relation on Newton–Euler bodies (Siconos NewtonEulerR; dev-notes §2.8.3,
// docs/theory/newton-euler.md §3):
//   y = h(q),  q = [q_1; q_2] (7 per linked NewtonEulerDS, link order),
//   ẏ = C(q) q̇ = C(q) T(q) v =: H(q) v,   p_i += H_iᵀ λ,
// with C = ∇_q h (jachq, m × 7 per body) and H = C T (jachqT, m × 6 per
// body, the matrix of the one-step problem). The velocity-level Jacobian H
// is the derivative of h along the exponential map: d/dε h(q ⊕ ε δv)|₀ = H δv
// (q ⊕ δv = (x + δv_G, p ∘ exp(δΩ)), docs/theory/newton-euler.md §3).
//
// Workspace layout (RelationWorkspace): x = concatenated q (7 per body), v =
// concatenated twists, C = H = jachqT (m × 6 per body; offsets/sizes are the
// twist blocks), B = jachq (m × 7 per body; zero for the contact relations,
// which define H directly).
//
// This class takes a user h and, optionally, its q-Jacobian C (else
// setJacobianByFiniteDifferences(true) before link). NewtonEuler1DR and
// NewtonEuler3DR define contacts from points and normals instead.

#include <moreau/kernel/modeling/Relation.hpp>

#include <cstddef>
#include <functional>
#include <vector>

namespace moreau {

class NewtonEulerDS;

/// Relation on Newton–Euler bodies (Siconos NewtonEulerR): y = h(q) with a user h, ẏ = H v
/// with H = C T (jachqT, m × 6 per body) and C = ∇_q h (jachq, m × 7 per body), p_i += H_iᵀ λ.
class NewtonEulerR : public Relation {
 public:
  /// h: y (pre-sized to m) from q (7 per linked body, link order) and z (concatenated).
  using OutputFunction =
      std::function<void(const Eigen::VectorXd& q, const Eigen::VectorXd& z, Eigen::VectorXd& y)>;
  /// C = ∇_q h into C (pre-sized to m × 7 per body) from q and z.
  using JacobianFunction =
      std::function<void(const Eigen::VectorXd& q, const Eigen::VectorXd& z, Eigen::MatrixXd& C)>;

  /// ModelError when h is empty.
  explicit NewtonEulerR(OutputFunction h, JacobianFunction jachq = {});

  const char* typeName() const override { return "NewtonEulerR"; }
  RelationType relationType() const override { return RelationType::NewtonEuler; }
  Eigen::Index outputSize() const override { return 0; }
  Eigen::Index inputSize() const override { return 0; }
  /// 6 (the twist) for a NewtonEulerDS; ModelError naming the relation and ds
  /// otherwise.
  Eigen::Index linkedStateSize(const DynamicalSystem& ds) const override;

  /// Level 0: y = h(q); level 1: y(1) = H v (H evaluated at the current q).
  void computeOutput(double t, Interaction& inter, unsigned level) override;
  /// Both levels at the current q: the same values as computeOutput(t, inter, 0) followed by
  /// computeOutput(t, inter, 1), with q gathered once (and, for the contact relations, the
  /// contact function evaluated once); docs/kernel/performance.md.
  void computeOutputs(double t, Interaction& inter);
  /// p_i(level) += H_iᵀ λ(level) for each linked body.
  void computeInput(double t, Interaction& inter, unsigned level) override;
  /// C (when defined) and H = C T at the current q.
  void computeJacobians(double t, Interaction& inter) override;

  /// H = jachqT (m × 6 per body) of the last computeJacobians on inter, and its block for
  /// the i-th linked body (m × 6; std::out_of_range when i is not a linked body).
  ///@{
  const Eigen::MatrixXd& jachqT(const Interaction& inter) const;
  ConstColumnBlock jachqTBlock(const Interaction& inter, std::size_t i) const;
  ///@}
  /// C = ∇_q h (m × 7 per body); zero for the contact relations.
  const Eigen::MatrixXd& jachq(const Interaction& inter) const;

  /// Optional motion bound of the normal gaps, one ρ_i ≥ 0 (m) per linked body in link order:
  /// every normal row of y(0) (each nonsmooth-law-size-th row, those of the index-set rule)
  /// changes by at most |Δx_G| + ρ_i |Δθ| when body i moves its centre by Δx_G and turns by an
  /// angle Δθ, and the same row of y(1) is at most Σ_i (|v_G,i| + ρ_i |Ω_i|) in magnitude. It
  /// holds for the signed distance between convex shapes with ρ_i the largest distance from
  /// body i's G to a point of its shape; ContactManager sets it (sphere: r, box: its half
  /// diagonal). Read by MoreauJeanNewtonEulerOSI::setDormantInteractions; none by default.
  /// ModelError for a negative or non-finite ρ_i.
  void setGapMotionBound(std::vector<double> rho);
  /// The ρ_i of setGapMotionBound (empty: none).
  const std::vector<double>& gapMotionBound() const { return gapMotionBound_; }

 protected:
  /// For the contact relations (h and H given by evaluateOutput/Jacobians).
  NewtonEulerR() = default;
  void initializeWorkspace(Interaction& inter) override;
  /// y(0) from ws.x (gathered q).
  virtual void evaluateOutput(double t, Interaction& inter);
  /// ws.C = H (and ws.B = C when defined) from ws.x.
  virtual void evaluateJacobians(double t, Interaction& inter);
  /// evaluateOutput then evaluateJacobians (overridden when both share an evaluation).
  virtual void evaluateOutputAndJacobians(double t, Interaction& inter);
  /// The i-th linked body (type checked by initialize).
  static NewtonEulerDS& linkedDS(Interaction& inter, std::size_t i);
  /// ws.x <- [q_i] (gatherQ), ws.v <- [v_i] (gatherV), in link order.
  ///@{
  static void gatherQ(Interaction& inter);
  static void gatherV(Interaction& inter);
  ///@}

 private:
  OutputFunction h_;
  JacobianFunction C_;
  std::vector<double> gapMotionBound_;
};

}  // namespace moreau
