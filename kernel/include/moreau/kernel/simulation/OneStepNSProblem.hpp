#pragma once
// Abstract one-step nonsmooth problem (Siconos OneStepNSProblem, dev-notes
// §1.7): Y = q + M Λ with the law of each active interaction, assembled over
// an index set from the integrator's blocks.

#include <Eigen/Dense>
#include <cstddef>

namespace moreau {

class OneStepIntegrator;
class Topology;

class OneStepNSProblem {
 public:
  virtual ~OneStepNSProblem();
  OneStepNSProblem(const OneStepNSProblem&) = delete;
  OneStepNSProblem& operator=(const OneStepNSProblem&) = delete;

  virtual const char* typeName() const = 0;
  /// Index set the problem is written on (1 for the velocity-level LCP).
  unsigned indexSetLevel() const { return 1; }
  /// Preallocates storage for the interactions of the topology.
  virtual void initialize(const Topology& topology) = 0;
  /// Assembles and solves the problem over the active interactions at the
  /// step k ending at time t, and stores the multipliers in the interactions
  /// (zero for inactive ones).
  virtual void compute(const Topology& topology, const OneStepIntegrator& osi, double t,
                       std::size_t k) = 0;
  /// Size of the last assembled problem.
  virtual Eigen::Index size() const = 0;

 protected:
  OneStepNSProblem() = default;
};

}  // namespace moreau
