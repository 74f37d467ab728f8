#pragma once
// Prescribed velocities on chosen coordinates of a Lagrangian system or twist
// components of a Newton–Euler body (Siconos BoundaryCondition): v_i(t) = v̄_i(t)
// for i in velocityIndices(). The integrator imposes them at the end of each
// step and reports the impulse it needed in DynamicalSystem::boundaryConditionImpulse()
// (Siconos's reaction formula in reactionToBoundaryConditions()). Honoured by MoreauJeanOSI
// (linear and nonlinear systems), its projection variants, MoreauJeanGOSI and
// MoreauJeanNewtonEulerOSI. The values are constants, a function of time or a
// Siconos C plug-in void f(double time, unsigned int size, double* v). See
// docs/kernel/dynamical-systems.md, docs/theory/moreau-jean.md and
// docs/theory/newton-euler.md §5.1.

#include <Eigen/Dense>
#include <functional>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace moreau {

class DynamicalSystem;

/// Prescribed velocities v_i(t) = v̄_i(t) on the coordinates velocityIndices() of a
/// LagrangianDS, or on the twist indices (0–2 v_G inertial, 3–5 Ω body frame) of a
/// NewtonEulerDS (Siconos BoundaryCondition). The values are constant, given by a
/// function of time or by a Siconos C plug-in; they are honoured by MoreauJeanOSI (linear
/// and nonlinear systems), its projection variants, MoreauJeanGOSI and
/// MoreauJeanNewtonEulerOSI (v_i(t_{k+1}) = v̄_i(t_{k+1})).
class BoundaryCondition {
 public:
  /// v̄(t) into v (pre-sized to the number of indices; must not be resized).
  using VelocityFunction = std::function<void(double t, Eigen::Ref<Eigen::VectorXd> v)>;

  /// Constant prescribed velocities: values(j) is imposed on coordinate indices[j].
  /// Throws ModelError when the sizes differ, an index repeats or a value is not finite.
  BoundaryCondition(std::vector<unsigned> indices, Eigen::VectorXd values);
  /// Prescribed velocities given by a function of time f(double t, Eigen::Ref<Eigen::VectorXd> v)
  /// (a VelocityFunction or a lambda); v(j) is imposed on coordinate indices[j]. Throws
  /// ModelError when an index repeats or the function is empty. (Eigen expressions go to the
  /// constant-values constructor.)
  template <class F, class = std::enable_if_t<
                         std::is_invocable_v<F&, double, Eigen::Ref<Eigen::VectorXd>> &&
                         !std::is_base_of_v<Eigen::EigenBase<std::decay_t<F>>, std::decay_t<F>>>>
  BoundaryCondition(std::vector<unsigned> indices, F&& function)
      : BoundaryCondition(std::move(indices), VelocityFunction(std::forward<F>(function)),
                          FunctionTag{}) {}

  /// Prescribed velocities given by a Siconos C plug-in "library:symbol" with the signature
  /// void f(double time, unsigned int size, double* v) (size = number of indices; v(j) is
  /// imposed on coordinate indices[j]); the library is resolved as in PluginLoader. Throws
  /// ModelError when an index repeats, or the library or symbol is not found.
  BoundaryCondition(std::vector<unsigned> indices, const std::string& plugin);
  /// Siconos setComputePrescribedVelocityFunction(pluginPath, functionName): the prescribed
  /// velocities become given by the C plug-in symbol of library (signature of the plug-in
  /// constructor); replaces constant values or a previous function. ModelError when not found.
  void setComputePrescribedVelocityFunction(const std::string& library, const std::string& symbol);
  /// Same with one "library:symbol" string.
  void setComputePrescribedVelocityFunction(const std::string& plugin);
  /// The prescribed velocities become given by a function of time (replaces constant values or
  /// a previous function). ModelError when the function is empty.
  void setComputePrescribedVelocityFunction(VelocityFunction function);

  /// The constrained coordinates (indices into v, in the user's order).
  const std::vector<unsigned>& velocityIndices() const { return indices_; }
  /// The prescribed velocities of the last computePrescribedVelocity (or the constants).
  const Eigen::VectorXd& prescribedVelocity() const { return values_; }
  /// True when the velocities are given by a function of time.
  bool hasFunction() const { return static_cast<bool>(function_); }
  /// Evaluates v̄(t) into prescribedVelocity() (nothing for constant values). Throws
  /// ModelError when the function returns a non-finite value.
  void computePrescribedVelocity(double t);
  /// Checks the indices against the system (each < ndof). Throws ModelError naming
  /// the system and the offending index.
  void checkAgainst(const DynamicalSystem& ds, Eigen::Index ndof) const;

 private:
  struct FunctionTag {};
  BoundaryCondition(std::vector<unsigned> indices, VelocityFunction function, FunctionTag);
  void checkIndices() const;
  std::vector<unsigned> indices_;
  Eigen::VectorXd values_;
  VelocityFunction function_;
};

}  // namespace moreau
