#pragma once
// Moreau–Jean for Newton–Euler bodies followed by a projection of the
// positions onto the constraints (Siconos MoreauJeanDirectProjectionOSI with
// NewtonEulerDS; docs/theory/projection.md §2.4, docs/kernel/projection.md).
// The velocity step is MoreauJeanNewtonEulerOSI's, unchanged. Then, driven by
// TimeSteppingDirectProjection, problems in the Position role
// (MLCPProjectOnConstraints) on the position multipliers λ(0):
//   w = H M⁻¹ Hᵀ Λ + h(q̃),  equality rows w = 0, the others 0 ≤ w ⊥ Λ ≥ 0,
//   Δ = M⁻¹ Hᵀ Λ (a twist-like 6-vector per body),  q ← q̃ ⊕ Δ
//     (x_G + Δ_G, p ∘ expq(Δ_Ω), renormalised),  p(0) += Hᵀ Λ,
// with H = jachqT = C T at q̃ and M = diag(m I₃, I); velocity unchanged.
// Activation of index set 1 with thresholds (hysteresis): the rule, the
// thresholds and the forced flags are ProjectionIntegrator's
// (ProjectionIntegrator.hpp), shared with MoreauJeanDirectProjectionOSI.
// Levels: those of MoreauJeanNewtonEulerOSI (y 0..1, λ 1); λ(0) is the
// storage level 0 the interactions always have.

#include <moreau/kernel/simulation/MoreauJeanNewtonEulerOSI.hpp>
#include <moreau/kernel/simulation/ProjectionIntegrator.hpp>

#include <Eigen/Dense>

#include <cstdint>
#include <limits>
#include <vector>

namespace moreau {

class NewtonEulerDS;
class NewtonEulerR;
class Topology;

/// Moreau–Jean for Newton–Euler bodies followed by projections of the positions onto the
/// constraints (Siconos MoreauJeanDirectProjectionOSI with NewtonEulerDS), driven by
/// TimeSteppingDirectProjection: q ← q ⊕ M⁻¹ Hᵀ λ(0) (exponential map, unit quaternion), velocity
/// unchanged; index set 1 with activation/deactivation thresholds (hysteresis). NewtonEulerDS
/// bodies with NewtonEulerR relations only.
class MoreauJeanNewtonEulerDirectProjectionOSI : public MoreauJeanNewtonEulerOSI,
                                                 public ProjectionIntegrator {
 public:
  /// theta in [0, 1] (default ½); gamma in [0, 1] or NaN (not given: γ = ½, as
  /// MoreauJeanDirectProjectionOSI); ModelError otherwise.
  explicit MoreauJeanNewtonEulerDirectProjectionOSI(
      double theta = 0.5, double gamma = std::numeric_limits<double>::quiet_NaN());
  ~MoreauJeanNewtonEulerDirectProjectionOSI() override;

  const char* typeName() const override { return "MoreauJeanNewtonEulerDirectProjectionOSI"; }

  /// ModelError naming the system when one is not a NewtonEulerDS (a Lagrangian system goes
  /// to MoreauJeanDirectProjectionOSI), then MoreauJeanNewtonEulerOSI::initialize.
  void initialize(const Simulation& simulation) override;
  void beginStep(const StepContext& ctx) override;
  /// Level 1: ProjectionIntegrator::indexSet1Rule (thresholds, forced flags); other levels:
  /// MoreauJeanNewtonEulerOSI's.
  bool addInteractionInIndexSet(const Interaction& inter, unsigned level,
                                const StepContext& ctx) const override;
  /// Position role: q_α = y(0) at the current (projected so far) positions.
  void computeFreeOutput(const Interaction& inter, const ProblemContext& ctx,
                         Eigen::Ref<Eigen::VectorXd> q) const override;
  /// Position role: += H_a M⁻¹ H_bᵀ (mass matrix, H at the current q).
  void addInteractionBlock(const Interaction& a, const Interaction& b, const DynamicalSystem& ds,
                           const ProblemContext& ctx,
                           Eigen::Ref<Eigen::MatrixXd> block) const override;
  /// Velocity role: MoreauJeanNewtonEulerOSI's update, then λ(0) = 0, p(0) = 0.
  /// Position role: for the interactions of the problem's index set, Δ = Σ M⁻¹ Hᵀ λ(0) per body,
  /// q ← q ⊕ Δ, p(0) += Hᵀ λ(0); then y(0), H and y(1) at the new positions.
  void updateState(const ProblemContext& ctx) override;
  /// False (the position problem's blocks are not covered).
  bool concurrentProblemAssembly() const override { return false; }
  /// False (its rule reads index set 1 and the forced-active set).
  bool concurrentIndexSetRule() const override { return false; }

  /// H and M⁻¹Hᵀ at the current positions (before each Position problem).
  void prepareProjection(const StepContext& ctx) override;

 protected:
  /// False: the projection and its index-set rule read y of every interaction.
  bool allowsDormantInteractions() const override { return false; }

 private:
  struct Body {
    NewtonEulerDS* ds = nullptr;
    Eigen::Matrix<double, 6, 1> delta = Eigen::Matrix<double, 6, 1>::Zero();
    // M⁻¹ of the mass matrix diag(m I₃, I) (prepareProjection).
    Eigen::Matrix<double, 6, 6> Minv = Eigen::Matrix<double, 6, 6>::Identity();
  };
  struct Block {
    std::size_t body = 0;    // index in bodies_
    Eigen::MatrixXd H;       // m × 6
    Eigen::MatrixXd MinvHt;  // 6 × m
  };
  struct InteractionData {
    Interaction* inter = nullptr;
    NewtonEulerR* relation = nullptr;
    std::vector<Block> blocks;
  };
  void synchronize();
  const InteractionData& data(const Interaction& inter) const;

  const Simulation* simulation_ = nullptr;
  const Topology* topology_ = nullptr;
  std::uint64_t topologyVersion_ = 0;
  std::vector<Body> bodies_;
  std::vector<long> bodyOf_;                   // by DS number: index in bodies_ or -1
  std::vector<InteractionData> interactions_;  // by interaction id
};

}  // namespace moreau
