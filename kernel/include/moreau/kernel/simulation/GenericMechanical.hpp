#pragma once
// Generic mechanical problem over an index set (Siconos GenericMechanical;
// docs/kernel/generic-mechanical.md): w = M z + q with one numerics block per
// law, in the order of the index set:
//   EqualityConditionNSL                      -> equality block (w = 0),
//   NewtonImpactNSL, ComplementarityConditionNSL -> complementarity block,
//   MixedComplementarityConditionNSL          -> an equality then a complementarity block,
//   RelayNSL                                  -> relay block (its bounds),
//   NewtonImpactFrictionNSL of size 2 or 3    -> one friction block per contact (its μ),
// M_αβ = Σ_{ds shared} H_α^ds M̂_ds⁻¹ H_β^dsᵀ, q_α = free output + the law terms
// (e ẏ_k on Newton-impact rows; e_N u_N,k on the normal row of a friction contact and
// e_T u_T,k on its tangential rows when e_T > 0, as FrictionContact).
// Solved by a numerics::GenericMechanicalSolver kept by the problem (default "nsgs").

#include <moreau/kernel/simulation/LinearOSNS.hpp>
#include <moreau/numerics/gmp/GenericMechanicalFile.hpp>
#include <moreau/numerics/gmp/GenericMechanicalProblem.hpp>
#include <moreau/numerics/gmp/GenericMechanicalSolvers.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace moreau {

/// Generic mechanical problem over an index set (Siconos GenericMechanical): one numerics block
/// per law, in the index set's order — EqualityConditionNSL → equality, NewtonImpactNSL and
/// ComplementarityConditionNSL → complementarity, MixedComplementarityConditionNSL → equality
/// then complementarity, RelayNSL → relay, NewtonImpactFrictionNSL (size 2 or 3) → one friction
/// block per contact. q_α = free output + e ẏ_k on Newton-impact rows, + e_N u_N,k (and e_T u_T,k
/// when e_T > 0) on friction contacts, as FrictionContact. Solved by a
/// numerics::GenericMechanicalSolver kept between steps (default "nsgs"; options
/// fcLocalSolver/fcLocalTolerance/fcLocalMaxIterations for the friction blocks). See
/// docs/kernel/generic-mechanical.md.
class GenericMechanical : public LinearOSNS {
 public:
  /// solver: a name of numerics::genericMechanicalSolverNames() ("nsgs"), case-insensitive.
  /// ModelError otherwise.
  explicit GenericMechanical(const std::string& solver = "nsgs");

  const char* typeName() const override { return "GenericMechanical"; }
  std::vector<std::string> solverNames() const override;

  /// The last assembled problem (valid when size() > 0).
  const numerics::GenericMechanicalProblem& problem() const { return problem_; }
  const numerics::SparseBlockMatrix& matrix() const override;
  const Eigen::VectorXd& q() const override { return problem_.q(); }
  /// Writes the last assembled problem as a Siconos GenericMechanical `.dat` file
  /// (numerics::writeGenericMechanicalFile). ModelError when nothing was assembled, when the
  /// problem has FC2D or relay blocks (not in that layout) or on an I/O error.
  void writeProblem(const std::string& path) const override;

 protected:
  void checkInteraction(const Interaction& inter) const override;
  void addLawTerms(std::size_t row, const Interaction& inter, const ProblemContext& ctx,
                   Eigen::Ref<Eigen::VectorXd> q) const override;
  void installPattern(Eigen::Index n) override;
  numerics::SparseBlockMatrix& storedMatrix() override { return sparseBlockOf(problem_.M()); }
  Eigen::VectorXd& storedQ() override { return problem_.q(); }
  numerics::SolverResult solve(Eigen::VectorXd& z, Eigen::VectorXd& w) override;

 private:
  numerics::GenericMechanicalProblem problem_;
  std::vector<numerics::GmpBlock> blocks_;  // scratch of installPattern (capacity kept)
  std::vector<double> eN_, eT_;             // per row: restitution (NaN: none), tangential
  std::vector<int> frictionDim_;            // per row: contact dimension, 0 if not friction
  // The numerics solver object (work arrays kept across steps), rebuilt when the options change.
  std::optional<numerics::GenericMechanicalSolver> solver_;
  std::uint64_t solverOptionsVersion_ = 0;
};

}  // namespace moreau
