#pragma once
// Friction-contact problem, local form, 2D or 3D (Siconos FrictionContact;
// docs/kernel/friction-contact.md):
//   u = W r + q,  for each contact i: K_μi ∋ r_i ⊥ ũ_i ∈ K_μi*  (Coulomb,
//   De Saxcé velocity ũ_i = u_i + μ_i ‖u_T,i‖ e_N),
//   W_αβ = Σ_{ds shared} H_α^ds M̂_ds⁻¹ H_β^dsᵀ, one d×d block per contact,
//   q_α = free output + e_N u_N,k on the normal row (+ e_T u_T,k on the
//   tangential rows when e_T > 0).
// Law: NewtonImpactFrictionNSL of size d (μ per contact; an interaction of
// dimension k·d holds k contacts). Row 0 of each contact is the normal.
// Solved by a numerics::FrictionContactSolver object kept by the problem (default
// "nsgs"; recreated when the options change, set up again when the pattern changes).

#include <moreau/kernel/simulation/LinearOSNS.hpp>
#include <moreau/numerics/fc/FrictionContactProblem.hpp>
#include <moreau/numerics/fc/FrictionContactSolver.hpp>

#include <cstdint>
#include <optional>

#include <string>
#include <vector>

namespace moreau {

/// Friction-contact problem, local form, 2D or 3D (Siconos FrictionContact): u = W r + q with the
/// Coulomb law K_μi ∋ r_i ⊥ ũ_i ∈ K_μi* per contact, W_αβ = Σ_{ds shared} H_α^ds M̂_ds⁻¹ H_β^dsᵀ
/// (one d × d block per contact, normal row first), q_α = free output + e_N u_N,k on the normal
/// row. Law: NewtonImpactFrictionNSL of size d. Solved by a numerics::FrictionContactSolver kept
/// between steps (default "nsgs"). See docs/kernel/friction-contact.md.
class FrictionContact : public LinearOSNS {
 public:
  /// dimension 2 or 3 (ModelError otherwise); solver among
  /// numerics::frictionContactSolverNames(dimension) (ModelError otherwise).
  explicit FrictionContact(int dimension = 3, const std::string& solver = "nsgs");

  const char* typeName() const override { return "FrictionContact"; }
  /// Contact dimension d: 2 or 3.
  int dimension() const { return dimension_; }
  std::vector<std::string> solverNames() const override;

  /// The last assembled problem (valid when size() > 0).
  const numerics::FrictionContactProblem& problem() const { return problem_; }
  const numerics::SparseBlockMatrix& matrix() const override;
  const Eigen::VectorXd& q() const override { return problem_.q(); }
  /// μ of the contacts of the last assembled problem.
  const Eigen::VectorXd& mu() const { return problem_.mu(); }
  /// Writes the last assembled problem: FCLIB HDF5 (/fclib_local, with the
  /// last solution r, u) when path ends in ".hdf5" or ".h5", else a Siconos
  /// `.dat` friction-contact file. ModelError when nothing was assembled or
  /// on an I/O error.
  void writeProblem(const std::string& path) const override;

 protected:
  void checkInteraction(const Interaction& inter) const override;
  void addLawTerms(std::size_t row, const Interaction& inter, const ProblemContext& ctx,
                   Eigen::Ref<Eigen::VectorXd> q) const override;
  void installPattern(Eigen::Index n) override;
  numerics::SparseBlockMatrix& storedMatrix() override { return sparseBlockOf(problem_.W()); }
  Eigen::VectorXd& storedQ() override { return problem_.q(); }
  numerics::SolverResult solve(Eigen::VectorXd& z, Eigen::VectorXd& w) override;

 private:
  int dimension_;
  numerics::FrictionContactProblem problem_;
  std::vector<double> eN_, eT_;  // per row
  // The numerics solver object (work arrays kept across steps), rebuilt when
  // the options change (optionsVersion()).
  std::optional<numerics::FrictionContactSolver> solver_;
  std::uint64_t solverOptionsVersion_ = 0;
};

}  // namespace moreau
