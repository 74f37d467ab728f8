#pragma once
// Abstract relation (Siconos Relation): the map between the state of the
// linked systems and the interaction output y, and between the multiplier λ
// and the systems' input (dev-notes §1.2).

#include <Eigen/Dense>

namespace moreau {

class Relation {
 public:
  virtual ~Relation();
  Relation(const Relation&) = delete;
  Relation& operator=(const Relation&) = delete;

  virtual const char* typeName() const = 0;
  /// Size of y and λ (the interaction dimension).
  virtual Eigen::Index outputSize() const = 0;
  /// Size of the concatenated generalized coordinates of the linked systems.
  virtual Eigen::Index inputSize() const = 0;

 protected:
  Relation() = default;
};

}  // namespace moreau
