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
  if (threads < 1) {
    fail("threads", ">= 1", threads);
  }
  if (enumerationMaxSize < 1 || enumerationMaxSize > 40) {
    fail("enumerationMaxSize", "in [1, 40]", enumerationMaxSize);
  }
  // Friction contact, local solvers and NSGS.
  if (fcLocalSolver != "default" && fcLocalSolver != "ac" && fcLocalSolver != "fb" &&
      fcLocalSolver != "projection" && fcLocalSolver != "quartic") {
    throw std::invalid_argument(
        "SolverOptions: fcLocalSolver must be default, ac, fb, projection or quartic, got \"" +
        fcLocalSolver + "\"");
  }
  if (!std::isfinite(fcLocalTolerance) || !(fcLocalTolerance > 0.0)) {
    fail("fcLocalTolerance", "finite and > 0", fcLocalTolerance);
  }
  if (fcLocalMaxIterations < 1) {
    fail("fcLocalMaxIterations", ">= 1", fcLocalMaxIterations);
  }
  if (fcColoring && fcShuffle) {
    throw std::invalid_argument(
        "SolverOptions: fcColoring and fcShuffle exclude each other (the colouring fixes the "
        "order of the contacts)");
  }
  if (fcAndersonDepth < 0 || fcAndersonDepth > 10) {
    fail("fcAndersonDepth", "in [0, 10]", fcAndersonDepth);
  }
  if (fcAndersonDepth > 0 && fcAdaptiveRelaxation) {
    throw std::invalid_argument(
        "SolverOptions: fcAndersonDepth > 0 and fcAdaptiveRelaxation exclude each other (both "
        "change the sweeps' iterates; use one)");
  }
  if (fcFreezeSweeps < 0) {
    fail("fcFreezeSweeps", ">= 0", fcFreezeSweeps);
  }
  if (fcErrorEvaluation != "light-with-full-final" && fcErrorEvaluation != "full" &&
      fcErrorEvaluation != "light") {
    throw std::invalid_argument(
        "SolverOptions: fcErrorEvaluation must be light-with-full-final, full or light, got \"" +
        fcErrorEvaluation + "\"");
  }
  for (std::size_t i = 0; i < fcTrescaThresholds.size(); ++i) {
    if (!std::isfinite(fcTrescaThresholds[i]) || fcTrescaThresholds[i] < 0.0) {
      fail("fcTrescaThresholds[i]", "finite and >= 0", fcTrescaThresholds[i]);
    }
  }
  if (fcLineSearch != "goldstein" && fcLineSearch != "armijo" && fcLineSearch != "none") {
    throw std::invalid_argument(
        "SolverOptions: fcLineSearch must be goldstein, armijo or none, got \"" + fcLineSearch +
        "\"");
  }
  if (fcNonMonotoneMemory < 1 || fcNonMonotoneMemory > 100) {
    fail("fcNonMonotoneMemory", "in [1, 100]", fcNonMonotoneMemory);
  }
  if (fcLinearSolver != "auto" && fcLinearSolver != "umfpack" && fcLinearSolver != "klu" &&
      fcLinearSolver != "eigenlu" && fcLinearSolver != "dense") {
    throw std::invalid_argument(
        "SolverOptions: fcLinearSolver must be auto, umfpack, klu, eigenlu or dense, got \"" +
        fcLinearSolver + "\"");
  }
  if (!std::isfinite(fcRho) || fcRho < 0.0) {
    fail("fcRho", "finite and >= 0", fcRho);
  }
  if (!std::isfinite(fcProxSigma) || fcProxSigma < 0.0) {
    fail("fcProxSigma", "finite and >= 0", fcProxSigma);
  }
  if (fcStallWindow < 0) {
    fail("fcStallWindow", ">= 0", fcStallWindow);
  }
  if (!std::isfinite(fcStallFactor) || !(fcStallFactor > 1.0)) {
    fail("fcStallFactor", "finite and > 1", fcStallFactor);
  }
  if (gfcLocalSolver.empty()) {
    throw std::invalid_argument(
        "SolverOptions: gfcLocalSolver must name a friction-contact solver");
  }
  if (gfcLinearSolver != "auto" && gfcLinearSolver != "cholmod" && gfcLinearSolver != "umfpack" &&
      gfcLinearSolver != "klu" && gfcLinearSolver != "eigenlu") {
    throw std::invalid_argument(
        "SolverOptions: gfcLinearSolver must be auto, cholmod, umfpack, klu or eigenlu, got \"" +
        gfcLinearSolver + "\"");
  }
  if (!std::isfinite(gfcAdmmRho) || gfcAdmmRho < 0.0) {
    fail("gfcAdmmRho", "finite and >= 0", gfcAdmmRho);
  }
}

}  // namespace moreau::numerics
