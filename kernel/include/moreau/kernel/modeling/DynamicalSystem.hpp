#pragma once
// Abstract dynamical system (Siconos DynamicalSystem). Concrete systems of
// this part: LagrangianDS and LagrangianLinearTIDS. See docs/kernel/modelling.md.

#include <Eigen/Dense>
#include <string>

namespace moreau {

class DynamicalSystem {
 public:
  virtual ~DynamicalSystem();
  DynamicalSystem(const DynamicalSystem&) = delete;
  DynamicalSystem& operator=(const DynamicalSystem&) = delete;

  /// Number given by NonSmoothDynamicalSystem::insertDynamicalSystem
  /// (0, 1, ... in insertion order); 0 before insertion.
  unsigned number() const { return number_; }
  /// Size of the first-order state x (for a Lagrangian system x = [q; v], so
  /// dimension() = 2 ndof, as in Siconos).
  virtual Eigen::Index dimension() const = 0;

  const std::string& name() const { return name_; }
  void setName(const std::string& name) { name_ = name; }

  /// Class name, e.g. "LagrangianLinearTIDS".
  virtual const char* typeName() const = 0;
  /// Human-readable identification used in error messages, e.g.
  /// "LagrangianLinearTIDS 'ball' (number 0)".
  std::string description() const;

  /// True once inserted in a NonSmoothDynamicalSystem.
  bool isInserted() const { return inserted_; }
  /// Called by NonSmoothDynamicalSystem on insertion (not for users).
  void setNumber(unsigned number) {
    number_ = number;
    inserted_ = true;
  }

 protected:
  DynamicalSystem() = default;

 private:
  unsigned number_ = 0;
  bool inserted_ = false;
  std::string name_;
};

}  // namespace moreau
