#pragma once
// While the guard returned by swappedOutputs lives, the storage of an interaction's outputs
// y(0), y(1) is exchanged with two vectors of the same sizes (O(1), no copy, no allocation): a
// relation evaluated meanwhile writes into those vectors, and the interaction's outputs are back as
// they were afterwards, also when the relation throws. The integrators' outputs at a predicted
// state (MoreauJeanOSI, MoreauJeanNewtonEulerOSI; docs/theory/moreau-jean.md, "Index set 1").

#include <moreau/kernel/modeling/Interaction.hpp>

#include <Eigen/Core>

#include <utility>

namespace moreau {

// While a ScopedSwap lives, swap() has been called once; it is called again at the end of the
// scope, also on an exception: the systems' q exchanged with the predicted q̃ for the
// evaluations at the predicted state, and back (MoreauJeanOSI, MoreauJeanNewtonEulerOSI).
template <class Swap>
class ScopedSwap {
 public:
  explicit ScopedSwap(Swap swap) : swap_(std::move(swap)) { swap_(); }
  ~ScopedSwap() { swap_(); }
  ScopedSwap(const ScopedSwap&) = delete;
  ScopedSwap& operator=(const ScopedSwap&) = delete;

 private:
  Swap swap_;
};

// An interaction's outputs y(0), y(1) exchanged with y, ydot while the returned guard lives.
inline auto swappedOutputs(Interaction& inter, Eigen::VectorXd& y, Eigen::VectorXd& ydot) {
  return ScopedSwap([&inter, &y, &ydot] {
    inter.y(0).swap(y);
    inter.y(1).swap(ydot);
  });
}

}  // namespace moreau
