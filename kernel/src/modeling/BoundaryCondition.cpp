#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/BoundaryCondition.hpp>
#include <moreau/kernel/modeling/DynamicalSystem.hpp>
#include <moreau/kernel/utils/PluginLoader.hpp>

#include <algorithm>
#include <cmath>
#include <sstream>
#include <string>
#include <utility>

namespace moreau {

BoundaryCondition::BoundaryCondition(std::vector<unsigned> indices, Eigen::VectorXd values)
    : indices_(std::move(indices)), values_(std::move(values)) {
  checkIndices();
  if (values_.size() != static_cast<Eigen::Index>(indices_.size())) {
    std::ostringstream os;
    os << "BoundaryCondition: " << indices_.size() << " indices but " << values_.size()
       << " prescribed velocities";
    throw ModelError(os.str());
  }
  if (!values_.allFinite())
    throw ModelError("BoundaryCondition: a prescribed velocity is not finite");
}

BoundaryCondition::BoundaryCondition(std::vector<unsigned> indices, VelocityFunction function,
                                     FunctionTag)
    : indices_(std::move(indices)),
      values_(Eigen::VectorXd::Zero(static_cast<Eigen::Index>(indices_.size()))),
      function_(std::move(function)) {
  checkIndices();
  if (!function_) throw ModelError("BoundaryCondition: empty velocity function");
}

BoundaryCondition::BoundaryCondition(std::vector<unsigned> indices, const std::string& plugin)
    : indices_(std::move(indices)),
      values_(Eigen::VectorXd::Zero(static_cast<Eigen::Index>(indices_.size()))) {
  checkIndices();
  setComputePrescribedVelocityFunction(plugin);
}

void BoundaryCondition::setComputePrescribedVelocityFunction(const std::string& library,
                                                             const std::string& symbol) {
  setComputePrescribedVelocityFunction(library + ":" + symbol);
}

void BoundaryCondition::setComputePrescribedVelocityFunction(const std::string& plugin) {
  setComputePrescribedVelocityFunction(PluginLoader::prescribedVelocity(plugin));
}

void BoundaryCondition::setComputePrescribedVelocityFunction(VelocityFunction function) {
  if (!function) throw ModelError("BoundaryCondition: empty velocity function");
  function_ = std::move(function);
}

void BoundaryCondition::checkIndices() const {
  if (indices_.empty()) throw ModelError("BoundaryCondition: no velocity index");
  std::vector<unsigned> sorted = indices_;
  std::sort(sorted.begin(), sorted.end());
  const auto dup = std::adjacent_find(sorted.begin(), sorted.end());
  if (dup != sorted.end())
    throw ModelError("BoundaryCondition: velocity index " + std::to_string(*dup) + " given twice");
}

void BoundaryCondition::computePrescribedVelocity(double t) {
  if (!function_) return;
  const Eigen::Index n = values_.size();
  function_(t, values_);
  if (values_.size() != n)
    throw ModelError("BoundaryCondition: the velocity function resized its output");
  for (Eigen::Index j = 0; j < n; ++j)
    if (!std::isfinite(values_(j))) {
      std::ostringstream os;
      os << "BoundaryCondition: the velocity function returned a non-finite value for index "
         << indices_[static_cast<std::size_t>(j)] << " at t = " << t;
      throw ModelError(os.str());
    }
}

void BoundaryCondition::checkAgainst(const DynamicalSystem& ds, Eigen::Index ndof) const {
  for (unsigned i : indices_)
    if (static_cast<Eigen::Index>(i) >= ndof) {
      std::ostringstream os;
      os << "BoundaryCondition of " << ds.description() << ": velocity index " << i
         << " out of range [0, " << ndof << ")";
      throw ModelError(os.str());
    }
}

}  // namespace moreau
