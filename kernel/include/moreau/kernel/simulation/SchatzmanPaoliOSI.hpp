#pragma once
// Schatzman–Paoli scheme (Siconos SchatzmanPaoliOSI; dev-notes §2.5 with the errata A9 and A10,
// tutorial-models §21; docs/theory/projection.md §3, docs/kernel/projection.md): central
// differences at position level with two steps of memory, for LagrangianLinearTIDS and
// LagrangianLinearTIR (y = H q + b):
//   M̂ = M + h²θK + (hθ/2)C
//   M̂ q_free = M(2q_k − q_{k−1}) − h²(1−θ)K q_k + (hθ/2)C q_{k−1} − h²(1−θ)C v_k
//              + h²(θ F_ext,k+1 + (1−θ) F_ext,k)
//   q_{k+1} = q_free + M̂⁻¹ p(0),  p(0) = Σ Hᵀ λ(0),  v_{k+1} = (q_{k+1} − q_{k−1}) / (2h)
//   law (read by the LCP): 0 ≤ y_{k+1} + e y_{k−1} ⊥ λ(0) ≥ 0 (yMemory(0, 1) = y_{k−1}).
// Start-up (tutorial-models §21): q_{−1} = q0 and q_0* = q0 + h v0 (the state at t0 is moved
// to q0 + h v0). Levels: y 0, λ 0, memorySteps() = 2; the one-step problem (an LCP, inserted
// in the default Velocity role) is written at level 0 on index set 0 (every interaction).

#include <moreau/kernel/simulation/OneStepIntegrator.hpp>

#include <Eigen/Cholesky>
#include <Eigen/Dense>

#include <vector>

namespace moreau {

class LagrangianLinearTIDS;
class LagrangianLinearTIR;
class NonSmoothDynamicalSystem;
class TimeDiscretisation;

/// Schatzman–Paoli scheme (Siconos SchatzmanPaoliOSI): central differences at position level
/// with two steps of memory and a position multiplier λ(0), for LagrangianLinearTIDS with
/// LagrangianLinearTIR. See docs/theory/projection.md §3.
class SchatzmanPaoliOSI : public OneStepIntegrator {
 public:
  /// theta in [0, 1] (ModelError otherwise).
  explicit SchatzmanPaoliOSI(double theta = 0.5);
  ~SchatzmanPaoliOSI() override;

  const char* typeName() const override { return "SchatzmanPaoliOSI"; }
  /// θ of the scheme (M̂ = M + h²θK + (hθ/2)C, F_ext weighted θ at t_{k+1}), in [0, 1]
  /// (default ½).
  double theta() const { return theta_; }

  InteractionLevels levels(const Interaction& inter) const override;
  unsigned memorySteps() const override { return 2; }

  /// LagrangianLinearTIDS with LagrangianLinearTIR (no D, no F) only; ModelError otherwise.
  void initialize(const Simulation& simulation) override;
  void beginStep(const StepContext& ctx) override;
  void computeFreeState(const StepContext& ctx) override;
  bool addInteractionInIndexSet(const Interaction& inter, unsigned level,
                                const StepContext& ctx) const override;
  /// q = H q_free + b (level 0).
  void computeFreeOutput(const Interaction& inter, const ProblemContext& ctx,
                         Eigen::Ref<Eigen::VectorXd> q) const override;
  /// += H_a M̂⁻¹ H_bᵀ.
  void addInteractionBlock(const Interaction& a, const Interaction& b, const DynamicalSystem& ds,
                           const ProblemContext& ctx,
                           Eigen::Ref<Eigen::MatrixXd> block) const override;
  bool blocksAreConstant(const ProblemContext& /*ctx*/) const override { return true; }
  void updateState(const ProblemContext& ctx) override;
  void swapInMemory() override;

  /// q_{k−1} of ds (after initialize).
  const Eigen::VectorXd& qPrevious(const DynamicalSystem& ds) const;

 private:
  struct SystemData {
    LagrangianLinearTIDS* ds = nullptr;
    Eigen::LLT<Eigen::MatrixXd> llt;  // M̂
    Eigen::VectorXd qPrev, qFree, fExtk, rhs;
  };
  struct Block {
    std::size_t system;
    Eigen::MatrixXd H, WHt;
  };
  struct InteractionData {
    Interaction* inter = nullptr;
    const LagrangianLinearTIR* relation = nullptr;
    std::vector<Block> blocks;
  };
  void synchronize();
  void computeOutput(InteractionData& d) const;
  const InteractionData& data(const Interaction& inter) const;

  double theta_;
  double h_ = 0.0;
  const Simulation* simulation_ = nullptr;
  std::uint64_t topologyVersion_ = 0;
  std::vector<SystemData> systems_;
  std::vector<long> systemOf_;  // by DS number
  std::vector<InteractionData> interactions_;
};

}  // namespace moreau
