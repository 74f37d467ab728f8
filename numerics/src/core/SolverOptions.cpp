#include <moreau/numerics/SolverOptions.hpp>

#include <cmath>
#include <sstream>
#include <stdexcept>

namespace moreau::numerics {

namespace {

[[noreturn]] void fail(const char* field, const char* requirement, double value) {
  std::ostringstream os;
  os.precision(17);
  os << "SolverOptions: " << field << " must be " << requirement << ", got " << value;
  throw std::invalid_argument(os.str());
}

}  // namespace

void SolverOptions::validate() const {
  if (!std::isfinite(tolerance) || !(tolerance > 0.0)) {
    fail("tolerance", "finite and > 0", tolerance);
  }
  if (maxIterations < 1) {
    fail("maxIterations", ">= 1", maxIterations);
  }
  if (!std::isfinite(relaxation) || !(relaxation > 0.0) || !(relaxation < 2.0)) {
    fail("relaxation", "in the open interval (0, 2)", relaxation);
  }
  if (verbosity < 0) {
    fail("verbosity", ">= 0", verbosity);
  }
}

}  // namespace moreau::numerics
