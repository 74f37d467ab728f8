#pragma once
// Moreau–Jean θ-scheme followed by a projection of the positions onto the
// constraints (Siconos MoreauJeanDirectProjectionOSI; dev-notes §2.9,
// docs/theory/projection.md, docs/kernel/projection.md). The velocity step is
// MoreauJeanOSI's, unchanged. Then, driven by TimeSteppingDirectProjection,
// problems in the Position role (MLCPProjectOnConstraints) on the position
// multipliers λ(0):
//   w = G Gᵀ Λ + h(q̃),  equality rows w = 0, the others 0 ≤ w ⊥ Λ ≥ 0,
//   q ← q̃ + Gᵀ Λ,  p(0) += Gᵀ Λ     (G = ∇_q h at q̃; the identity metric, as Siconos's
//   MLCPProjectOnConstraints; prescribed coordinates not moved),
// velocity unchanged. Activation of index set 1 with thresholds (hysteresis):
// the rule, the thresholds and the forced flags of the combined scheme are
// ProjectionIntegrator's (ProjectionIntegrator.hpp), shared with
// MoreauJeanNewtonEulerDirectProjectionOSI.
// Levels: those of MoreauJeanOSI (y 0..1, λ 1); λ(0) is the storage level 0
// the interactions always have.

#include <moreau/kernel/simulation/MoreauJeanOSI.hpp>
#include <moreau/kernel/simulation/ProjectionIntegrator.hpp>

#include <Eigen/Cholesky>
#include <Eigen/Dense>

#include <cstdint>
#include <limits>
#include <vector>

namespace moreau {

class LagrangianDS;
class MoreauJeanNewtonEulerDirectProjectionOSI;
class LagrangianR;
class Topology;

/// Moreau–Jean θ-scheme followed by projections of the positions onto the constraints (Siconos
/// MoreauJeanDirectProjectionOSI), driven by TimeSteppingDirectProjection: q ← q̃ + Gᵀ λ(0),
/// velocity unchanged; index set 1 with activation/deactivation thresholds (hysteresis).
/// LagrangianDS systems only (NewtonEulerDS: MoreauJeanNewtonEulerDirectProjectionOSI).
class MoreauJeanDirectProjectionOSI : public MoreauJeanOSI, public ProjectionIntegrator {
 public:
  /// theta in [0, 1] (default ½); gamma in [0, 1] or NaN (default: not given, γ = ½), as
  /// MoreauJeanOSI; ModelError otherwise.
  explicit MoreauJeanDirectProjectionOSI(double theta = 0.5,
                                         double gamma = std::numeric_limits<double>::quiet_NaN());
  ~MoreauJeanDirectProjectionOSI() override;

  const char* typeName() const override { return "MoreauJeanDirectProjectionOSI"; }

  /// Null for a Lagrangian system. For a NewtonEulerDS: the companion
  /// MoreauJeanNewtonEulerDirectProjectionOSI (MoreauJeanNewtonEulerCombinedProjectionOSI when
  /// this integrator is a MoreauJeanCombinedProjectionOSI) with this integrator's θ, γ and the
  /// four thresholds as they are at initialize; the same object for every body.
  std::shared_ptr<OneStepIntegrator> companionFor(const DynamicalSystem& ds) override;
  /// The Newton–Euler projection companion (null until companionFor created it).
  const std::shared_ptr<MoreauJeanNewtonEulerDirectProjectionOSI>& newtonEulerProjectionCompanion()
      const {
    return neProjection_;
  }
  void initialize(const Simulation& simulation) override;
  void beginStep(const StepContext& ctx) override;
  /// Level 1: ProjectionIntegrator::indexSet1Rule (thresholds, forced flags); other levels:
  /// MoreauJeanOSI's.
  bool addInteractionInIndexSet(const Interaction& inter, unsigned level,
                                const StepContext& ctx) const override;
  /// Position role: q_α = y(0) at the current (projected so far) positions.
  void computeFreeOutput(const Interaction& inter, const ProblemContext& ctx,
                         Eigen::Ref<Eigen::VectorXd> q) const override;
  /// Position role: += G_a M⁻¹ G_bᵀ (mass, not M̂; G at the current q).
  void addInteractionBlock(const Interaction& a, const Interaction& b, const DynamicalSystem& ds,
                           const ProblemContext& ctx,
                           Eigen::Ref<Eigen::MatrixXd> block) const override;
  bool blocksAreConstant(const ProblemContext& ctx) const override;
  /// Velocity role: MoreauJeanOSI's update, then λ(0) = 0, p(0) = 0.
  /// Position role: q += M⁻¹ Gᵀ λ(0), p(0) += Gᵀ λ(0) for the interactions of
  /// the problem's index set, then y(0), y(1) at t_{k+1}.
  void updateState(const ProblemContext& ctx) override;

  /// Called by the projection simulations before each Position problem: G
  /// and M⁻¹Gᵀ at the current positions (once per run when the masses and
  /// the Jacobians are constant).
  void prepareProjection(const StepContext& ctx) override;
  /// True when osi owns inter (its systems are integrated by this one).
  bool owns(const Interaction& inter) const;

 private:
  struct Block {
    std::size_t system;  // index in systems_
    // G and the direction of the correction, Gᵀ with the prescribed rows zeroed (the projection
    // metric is the identity, as Siconos's MLCPProjectOnConstraints).
    Eigen::MatrixXd G, Gt;
  };
  struct InteractionData {
    Interaction* inter = nullptr;
    LagrangianR* relation = nullptr;
    bool constant = true;
    std::vector<Block> blocks;
  };
  struct SystemData {
    LagrangianDS* ds = nullptr;
    // Coordinates with prescribed velocities (BoundaryCondition): the projection does not
    // move them (their rows of Gt are zero).
    std::vector<unsigned> prescribed;
  };
  void synchronize();
  const InteractionData& data(const Interaction& inter) const;

  std::shared_ptr<MoreauJeanNewtonEulerDirectProjectionOSI> neProjection_;  // companion
  const Simulation* simulation_ = nullptr;
  const Topology* topology_ = nullptr;
  std::uint64_t topologyVersion_ = 0;
  std::vector<SystemData> systems_;
  std::vector<long> systemOf_;                 // by DS number: index in systems_ or -1
  std::vector<InteractionData> interactions_;  // by interaction id
  bool prepared_ = false;                      // constant blocks computed
  bool allConstant_ = true;
};

}  // namespace moreau
