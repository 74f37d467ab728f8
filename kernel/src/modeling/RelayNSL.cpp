#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/RelayNSL.hpp>

#include <cmath>
#include <sstream>

namespace moreau {

RelayNSL::RelayNSL(unsigned size, double lb, double ub)
    : NonSmoothLaw(size),
      lb_(Eigen::VectorXd::Constant(size, lb)),
      ub_(Eigen::VectorXd::Constant(size, ub)) {
  checkSize();
  if (std::isnan(lb) || std::isnan(ub) || lb > ub) {
    std::ostringstream os;
    os << "RelayNSL: bounds lb = " << lb << ", ub = " << ub << " are invalid (need lb <= ub)";
    throw ModelError(os.str());
  }
}

RelayNSL::RelayNSL(unsigned size, const Eigen::VectorXd& lb, const Eigen::VectorXd& ub)
    : NonSmoothLaw(size), lb_(lb), ub_(ub) {
  checkSize();
  if (lb.size() != static_cast<Eigen::Index>(size) ||
      ub.size() != static_cast<Eigen::Index>(size)) {
    std::ostringstream os;
    os << "RelayNSL: lb has size " << lb.size() << " and ub size " << ub.size()
       << ", expected the law size " << size;
    throw ModelError(os.str());
  }
  for (Eigen::Index i = 0; i < lb.size(); ++i)
    if (std::isnan(lb(i)) || std::isnan(ub(i)) || lb(i) > ub(i)) {
      std::ostringstream os;
      os << "RelayNSL: component " << i << " has lb = " << lb(i) << " > ub = " << ub(i)
         << " or a NaN bound (need lb <= ub)";
      throw ModelError(os.str());
    }
}

}  // namespace moreau
