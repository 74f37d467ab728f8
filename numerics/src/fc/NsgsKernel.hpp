#pragma once
// Internal (not installed): NSGS with reusable work arrays, shared by fcNsgs
// and FrictionContactSolver (docs/numerics/solver-objects.md).

#include <moreau/numerics/SolverOptions.hpp>
#include <moreau/numerics/SolverResult.hpp>
#include <moreau/numerics/fc/FrictionContactProblem.hpp>

#include <Eigen/Dense>
#include <memory>
#include <string>

namespace moreau::numerics::fcdetail {

/// Sweeps of NSGS that stay plain whatever its accelerations (fcAdaptiveRelaxation,
/// fcAndersonDepth): a solve that converges within them has the iterates of plain NSGS,
/// bit for bit (the warm-started steps of a settled scene, which an acceleration would keep
/// from coming to rest).
inline constexpr int kNsgsPlainSweeps = 24;

template <int D>
struct NsgsWorkspace;  // Nsgs.cpp

class NsgsState {
 public:
  NsgsState();
  ~NsgsState();
  NsgsState(NsgsState&&) noexcept;
  NsgsState& operator=(NsgsState&&) noexcept;

  /// Sizes every work array for the problem's structure (number of contacts,
  /// storage of W) and the options' stall window (allocates).
  void setup(const FrictionContactProblem& problem, const SolverOptions& options);
  /// True when solve() reads W in place (dense W, or SparseBlock W with the
  /// contacts as blocks): no allocation then.
  bool inPlace() const;
  /// NSGS (fcNsgs without the argument checks) with options.fcLocalSolver as
  /// given; result.solver = name. The problem must have the structure of the
  /// last setup() (a change of dimension re-runs it).
  SolverResult solve(const FrictionContactProblem& problem, Eigen::VectorXd& r, Eigen::VectorXd& u,
                     const SolverOptions& options, const std::string& name);

 private:
  int dimension_ = 0;
  std::unique_ptr<NsgsWorkspace<2>> w2_;
  std::unique_ptr<NsgsWorkspace<3>> w3_;
};

}  // namespace moreau::numerics::fcdetail
