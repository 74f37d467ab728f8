#pragma once
// Smooth integrator of the event-driven simulation (Siconos LsodarOSI;
// simulation.md §1.9.2, §1.9.6, §2.12; docs/theory/event-driven.md). The
// name is Siconos's; inside is SUNDIALS CVODE (Adams or BDF, dense Newton
// linear solver, root finding, dense output), not ODEPACK's LSODAR.
//
// Systems: LagrangianDS (constant or state-dependent mass, F_ext, F_int, N)
// and its linear subclasses, written in first-order form x = (q, v):
//   q̇ = v,   M(q) v̇ = F(t, q, v) + Σ_{α∈I₂} G_αᵀ λ(2)_α,
// where the contacts of index set 2 are held closed (bilateral smooth
// dynamics): ÿ_α = G_α v̇ + Ġ_α v = 0, which gives λ(2) from a small linear system in
// every right-hand side evaluation. Root functions (one per interaction,
// roots only where they decrease):
//   α ∉ I₂:  g = y_α − y_α,ref   (the gap; y_ref = min(y at the last event, 0) − 1e-6 tol)
//   α ∈ I₂:  g = λ(2)_α + tol    (the contact force; a root is a take-off)
// Relations: LagrangianLinearTIR and other relations with constant
// Jacobians (Ġ = 0), and LagrangianScleronomousR with a user Ġ
// (setComputeDotJachqFunction; G(q), M⁻¹Gᵀ and Ġ v are then re-evaluated at
// every state); interactions of any dimension m (m unilateral contacts,
// each row with its own root function and problem rows).
// Levels: y 0..2, λ 1..2 (λ(1) impulse of an impact, λ(2) contact force).
//
// Defaults (tutorial-models §0.1, the Siconos LsodarOSI defaults): rtol =
// 10 ε, atol = 100 ε, user Jacobian (∂ẋ/∂x of the smooth part when the
// systems provide ∇F; CVODE's difference quotients otherwise), Adams.

#include <moreau/kernel/simulation/OneStepIntegrator.hpp>

#include <Eigen/Dense>
#include <cstddef>
#include <memory>
#include <utility>
#include <vector>

namespace moreau {

/// ODE integrator of the smooth phases of EventDriven (Siconos LsodarOSI), on SUNDIALS CVODE
/// with root finding: Lagrangian systems in first-order form x = (q, v).
class LsodarOSI : public OneStepIntegrator {
 public:
  /// CVODE linear multistep family.
  enum class Method {
    Adams,  ///< Adams–Moulton (non-stiff, default)
    BDF     ///< backward differentiation formulas (stiff)
  };

  /// CVODE counters since initialize (or the last resetStatistics).
  struct Statistics {
    long steps = 0;                ///< internal steps
    long rhsEvaluations = 0;       ///< f(t, x) evaluations (without Jacobian ones)
    long rootEvaluations = 0;      ///< g(t, x) evaluations
    long jacobianEvaluations = 0;  ///< Jacobian evaluations (analytic or difference quotients)
    long errorTestFailures = 0;    ///< steps rejected by the local error test
    long rootsFound = 0;           ///< integrations stopped at a root
    long reinitializations = 0;    ///< restarts after nonsmooth events
  };

  LsodarOSI();
  ~LsodarOSI() override;

  const char* typeName() const override { return "LsodarOSI"; }

  // ---- options ----------------------------------------------------------------
  /// Relative and absolute tolerances of CVODE (default 10 ε and 100 ε);
  /// ModelError unless both are finite and > 0. Take effect at initialize.
  ///@{
  void setTolerances(double rtol, double atol);
  double rtol() const { return rtol_; }
  double atol() const { return atol_; }
  ///@}
  /// Adams–Moulton (default, non-stiff) or BDF (stiff). Takes effect at initialize.
  ///@{
  void setMethod(Method method) { method_ = method; }
  Method method() const { return method_; }
  ///@}
  /// Analytic Jacobian of the smooth part (default true) when every system
  /// provides ∇_q F and ∇_v F; otherwise CVODE's difference quotients.
  ///@{
  void setUseJacobian(bool use) { useJacobian_ = use; }
  bool useJacobian() const { return useJacobian_; }
  ///@}
  /// True when the analytic Jacobian is used (after initialize).
  bool usesAnalyticJacobian() const;
  /// Maximum number of CVODE steps in one integrate() call (default 100000).
  ///@{
  void setMaxNumSteps(long steps);
  long maxNumSteps() const { return maxSteps_; }
  ///@}
  /// Gap / velocity / force tolerance of the index sets and root functions
  /// (set by EventDriven from its eventTolerance()).
  ///@{
  void setEventTolerance(double tol) { eventTolerance_ = tol; }
  double eventTolerance() const { return eventTolerance_; }
  ///@}

  /// CVODE counters (summed over the restarts).
  const Statistics& statistics() const;

  // ---- OneStepIntegrator ------------------------------------------------------
  /// y 0..2, λ 1..2.
  InteractionLevels levels(const Interaction& inter) const override;
  void initialize(const Simulation& simulation) override;
  void beginStep(const StepContext& /*ctx*/) override {}
  /// Nothing: the smooth phase is integrate().
  void computeFreeState(const StepContext& /*ctx*/) override {}
  /// Level 1: y ≤ tol (contact); level 2: also |ẏ| ≤ tol (contact kept).
  bool addInteractionInIndexSet(const Interaction& inter, unsigned level,
                                const StepContext& ctx) const override;
  /// Level 1: ẏ = G v at the current state (the impact problem adds e ẏ⁻);
  /// level 2: the free acceleration G M⁻¹ F (prepareEventProblems).
  void computeFreeOutput(const Interaction& inter, const ProblemContext& ctx,
                         Eigen::Ref<Eigen::VectorXd> q) const override;
  /// block += G_a M⁻¹ G_bᵀ (the system ds), at the current q.
  void addInteractionBlock(const Interaction& a, const Interaction& b, const DynamicalSystem& ds,
                           const ProblemContext& ctx,
                           Eigen::Ref<Eigen::MatrixXd> block) const override;
  bool blocksAreConstant(const ProblemContext& ctx) const override;
  /// Level 1: p(1) = Σ Gᵀλ(1), v⁺ = v⁻ + M⁻¹ p(1), outputs y(0), y(1), free
  /// accelerations again. Level 2: p(2) = Σ Gᵀλ(2), v̇ = M⁻¹(F + p(2)), y(2).
  void updateState(const ProblemContext& ctx) override;
  /// Systems' q, v and interactions' y memories <- current values.
  void swapInMemory() override;

  // ---- event-driven interface (called by EventDriven) -------------------------
  /// Integrates from the current time to tend, stopping at the first root.
  /// Returns 2 when tend was reached, 3 at a root (spec §1.9.2 iout); tout is
  /// the time reached. The systems hold the state at tout, the interactions
  /// y(0), y(1), y(2), λ(2) (the bilateral contact forces) and p(2).
  /// SimulationError when CVODE fails.
  int integrate(double tend, double& tout);
  /// Restarts CVODE at t from the systems' current state (after a
  /// nonsmooth event); gap references y_ref = min(y, 0); first step 1e-8 of
  /// the shortest predicted flight 2ẏ/|ÿ| of a contact that leaves (y ≤ tol,
  /// ẏ > 0, ÿ < 0), CVODE's own estimate otherwise.
  void resetIntegration(double t);
  /// Interactions (ids) whose root was found by the last integrate().
  const std::vector<unsigned>& rootInteractions() const;
  /// (interaction id, row) of each root found by the last integrate(): every
  /// row of an interaction has its own root function (the gap of an open
  /// row, λ(2) + tol of a row held closed).
  const std::vector<std::pair<unsigned, std::size_t>>& rootRows() const;
  /// Whether row `row` of inter is in index set `level` (1: closed, 2: held
  /// closed). A single-row interaction answers with the index sets of the
  /// topology; the rows of a multi-row interaction have their own state
  /// (setRowIndexSets). std::out_of_range for a bad row or level.
  bool rowInIndexSet(const Interaction& inter, std::size_t row, unsigned level) const;
  /// Sets the state of row `row` of a multi-row interaction (held implies
  /// closed); the impact and acceleration problems, the bilateral forces and
  /// the root functions use only the rows in their index set. No effect on a
  /// single-row interaction (the topology's index sets are its state).
  void setRowIndexSets(const Interaction& inter, std::size_t row, bool closed, bool held);
  /// At the current state and time t: F, M⁻¹F, G, M⁻¹Gᵀ (before the impact
  /// and acceleration problems of an event).
  void prepareEventProblems(double t);
  /// Outputs y(0), y(1) at time t from the current state.
  void computeOutputs(double t);
  /// Current acceleration v̇ of ds (after integrate or updateState level 2).
  const Eigen::VectorXd& acceleration(const DynamicalSystem& ds) const;

  /// Implementation (CVODE objects, per-system and per-interaction data).
  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
  double rtol_, atol_;
  Method method_ = Method::Adams;
  bool useJacobian_ = true;
  long maxSteps_ = 100000;
  double eventTolerance_;
};

}  // namespace moreau
