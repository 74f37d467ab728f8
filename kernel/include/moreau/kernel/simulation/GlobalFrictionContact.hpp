#pragma once
// Friction-contact problem, global form, 2D or 3D (Siconos
// GlobalFrictionContact; docs/kernel/global-friction-contact.md), with the
// convention of numerics::GlobalFrictionContactProblem:
//   M̂ v = q + H r,   u = Hᵀ v + b,   K_μi ∋ r_i ⊥ ũ_i ∈ K_μi*,
// assembled over the interactions of an index set and the systems they touch:
//   M̂ = block-diag(M̂_ds)                          (iterationMatrix(ds)),
//   H   block (ds, α) = H_α^dsᵀ, in the contact frame (jacobianBlock(α, ds)),
//   q_ds = M̂_ds v_free,ds                          (freeVelocity(ds)),
//   b_α  = free output of α − H_α v_free (∂h/∂t) + e_N u_N,k on the normal row
//          (+ e_T u_T,k on the tangential rows when e_T > 0).
// Reducing it (W = Hᵀ M̂⁻¹ H, q_loc = Hᵀ M̂⁻¹ q + b) gives exactly the local
// FrictionContact problem. Unknowns: v (only the systems of active contacts),
// r (the impulses λ(1), one d-block per contact) and u.
// Law: NewtonImpactFrictionNSL of size d. Integrator: MoreauJeanGOSI (it gets
// v_{k+1} from the solution), or any integrator with iterationMatrix /
// jacobianBlock / freeVelocity (MoreauJeanOSI, which then recomputes v from
// λ). Solved by numerics::GlobalFrictionContactSolver (kept between steps:
// the factorization of M̂ is reused while M̂ and H are unchanged).

#include <moreau/kernel/simulation/OneStepNSProblem.hpp>
#include <moreau/numerics/fc/GlobalFrictionContactProblem.hpp>
#include <moreau/numerics/fc/GlobalFrictionContactSolvers.hpp>

#include <cstdint>
#include <string>
#include <vector>

namespace moreau {

class DynamicalSystem;
class IndexSet;
class Interaction;
class MoreauJeanGOSI;
class OneStepIntegrator;

/// Friction-contact problem, global form, 2D or 3D (Siconos GlobalFrictionContact):
/// M̂ v = q + H r, u = Hᵀ v + b, K_μi ∋ r_i ⊥ ũ_i ∈ K_μi*, assembled over the interactions of an
/// index set and the systems they touch (M̂ block-diagonal from the integrator, q_ds = M̂_ds v_free).
/// Law: NewtonImpactFrictionNSL of size d. Integrator: MoreauJeanGOSI (or MoreauJeanOSI). Solved
/// by numerics::GlobalFrictionContactSolver (default "auto"; the factorization of M̂ is reused
/// while M̂ and H are unchanged). See docs/kernel/global-friction-contact.md.
class GlobalFrictionContact : public OneStepNSProblem {
 public:
  /// dimension 2 or 3 (ModelError otherwise); solver among
  /// numerics::globalFrictionContactSolverNames() ("auto", "reduce", "admm").
  explicit GlobalFrictionContact(int dimension = 3, const std::string& solver = "auto");
  ~GlobalFrictionContact() override;

  const char* typeName() const override { return "GlobalFrictionContact"; }
  /// Contact dimension d: 2 or 3.
  int dimension() const { return dimension_; }
  std::vector<std::string> solverNames() const override;

  void initialize(const Simulation& simulation, const ProblemContext& ctx) override;
  void compute(const Simulation& simulation, const ProblemContext& ctx) override;
  /// Number of contact unknowns (size of r and u, d per contact).
  Eigen::Index size() const override { return size_; }
  /// Stored blocks of M̂ and H.
  Eigen::Index numberOfBlocks() const override;
  /// Number of velocity unknowns (size of v).
  Eigen::Index numberOfDofs() const { return dofs_; }

  /// The last assembled problem (valid when size() > 0); M and H sparse-block.
  const numerics::GlobalFrictionContactProblem& problem() const { return problem_; }
  /// The last solution.
  /// The last solution: velocities v, reactions r (impulses λ(1)) and local velocities u.
  ///@{
  const Eigen::VectorXd& v() const { return v_; }
  const Eigen::VectorXd& r() const { return r_; }
  const Eigen::VectorXd& u() const { return u_; }
  ///@}
  /// Interaction ids of the contact block rows (columns of H), in order.
  const std::vector<unsigned>& rows() const { return rowIds_; }
  /// Block of interaction id in r, -1 when not in the problem.
  Eigen::Index rowOf(unsigned id) const {
    return id < rowOf_.size() ? rowOf_[id] : Eigen::Index{-1};
  }
  /// First entry of ds in v, -1 when not in the problem.
  Eigen::Index velocityOffsetOf(const DynamicalSystem& ds) const;
  /// The solver object (its counters: factorizations of M̂, reductions).
  const numerics::GlobalFrictionContactSolver& solver() const { return solver_; }
  /// Number of pattern (re)builds since initialize (tests, diagnostics).
  std::uint64_t patternBuilds() const { return patternBuilds_; }

  /// Writes the last assembled problem as an FCLIB HDF5 file (/fclib_global,
  /// with the last solution v, r, u), whatever the extension. ModelError when
  /// nothing was assembled or on an I/O error.
  void writeProblem(const std::string& path) const override;
  std::string dumpExtension() const override { return ".hdf5"; }

 private:
  void checkInteraction(const Interaction& inter) const;
  void buildPattern(const Simulation& simulation, const IndexSet& set, unsigned inputLevel);

  int dimension_;
  numerics::GlobalFrictionContactProblem problem_;
  numerics::GlobalFrictionContactSolver solver_;
  Eigen::VectorXd v_, r_, u_;
  Eigen::Index size_ = 0;
  Eigen::Index dofs_ = 0;
  // Contacts (columns of H).
  std::vector<Eigen::Index> rowOf_;  // by interaction id
  std::vector<unsigned> rowIds_;
  std::vector<Interaction*> rowInteractions_;
  std::vector<const OneStepIntegrator*> rowIntegrators_;
  std::vector<Eigen::Index> rowOffset_;
  std::vector<double> eN_, eT_;
  // Systems (rows of M̂ and H).
  std::vector<Eigen::Index> dsOf_;  // by DS number: block index or -1
  std::vector<const DynamicalSystem*> systems_;
  std::vector<const OneStepIntegrator*> dsIntegrators_;
  std::vector<MoreauJeanGOSI*> dsGlobal_;  // null when the integrator is not a MoreauJeanGOSI
  std::vector<Eigen::Index> dsOffset_;
  struct HBlock {
    Eigen::Index block;  // index in H's storage
    std::size_t row;     // contact row
    std::size_t ds;      // system block
  };
  std::vector<HBlock> hBlocks_;
  const IndexSet* set_ = nullptr;
  std::uint64_t setVersion_ = 0;
  std::uint64_t topologyVersion_ = 0;
  std::uint64_t patternBuilds_ = 0;
};

}  // namespace moreau
