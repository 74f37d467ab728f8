#pragma once
// Interaction = nonsmooth law + relation + the one or two systems it couples
// (Siconos Interaction, dev-notes §1.4). Holds the output y and multiplier λ
// at levels 0 and 1 (Moreau–Jean uses y(1) and λ(1), the impulse), and y at
// the start of the current step (yMemory).

#include <Eigen/Dense>
#include <array>
#include <memory>
#include <string>
#include <vector>

namespace moreau {

class DynamicalSystem;
class NonSmoothLaw;
class Relation;

class Interaction {
 public:
  /// Throws ModelError when a pointer is null or when the law size does not
  /// divide the relation's output size.
  Interaction(std::shared_ptr<NonSmoothLaw> nslaw, std::shared_ptr<Relation> relation);
  Interaction(const Interaction&) = delete;
  Interaction& operator=(const Interaction&) = delete;

  /// Size of y and λ (= rows of H for a LagrangianLinearTIR).
  Eigen::Index dimension() const { return dimension_; }
  /// dimension() / nonSmoothLaw()->size().
  unsigned numberOfRelations() const;

  /// Levels 0 and 1; std::out_of_range otherwise.
  const Eigen::VectorXd& y(unsigned level) const;
  Eigen::VectorXd& y(unsigned level);
  const Eigen::VectorXd& lambda(unsigned level) const;
  Eigen::VectorXd& lambda(unsigned level);
  /// y(level) at t_k (start of the current step).
  const Eigen::VectorXd& yMemory(unsigned level) const;
  /// yMemory <- y (called by the simulation; not for users).
  void swapInMemory();

  const std::shared_ptr<Relation>& relation() const { return relation_; }
  const std::shared_ptr<NonSmoothLaw>& nonSmoothLaw() const { return nslaw_; }

  /// Number given by NonSmoothDynamicalSystem::link (0, 1, ... in link order).
  unsigned number() const { return number_; }
  const std::string& name() const { return name_; }
  void setName(const std::string& name) { name_ = name; }
  /// "Interaction 'name' (number n)", for error messages.
  std::string description() const;

  /// The linked systems, in link order (the column order of H); empty before
  /// link().
  const std::vector<std::shared_ptr<DynamicalSystem>>& dynamicalSystems() const { return ds_; }
  bool isLinked() const { return !ds_.empty(); }
  /// Called by NonSmoothDynamicalSystem::link (not for users).
  void setLinks(unsigned number, std::vector<std::shared_ptr<DynamicalSystem>> ds);

 private:
  std::shared_ptr<NonSmoothLaw> nslaw_;
  std::shared_ptr<Relation> relation_;
  Eigen::Index dimension_ = 0;
  std::array<Eigen::VectorXd, 2> y_, lambda_, yMemory_;
  unsigned number_ = 0;
  std::string name_;
  std::vector<std::shared_ptr<DynamicalSystem>> ds_;
};

}  // namespace moreau
