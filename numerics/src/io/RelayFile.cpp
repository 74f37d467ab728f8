// Relay `.dat` reader/writer (layout: docs/numerics/file-format.md, spec §3.2).
#include <moreau/numerics/io/RelayFile.hpp>

#include <moreau/numerics/io/DatFile.hpp>
#include <moreau/numerics/io/DatTokenizer.hpp>
#include <moreau/numerics/io/NumericsMatrixFile.hpp>

#include "DatReaders.hpp"

#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <utility>

namespace moreau::numerics {

namespace {

// A bound: a double, possibly inf/-inf (never NaN).
double readBound(DatTokenizer& tok, const char* what) {
  const std::string t(tok.next(what));
  char* end = nullptr;
  const double v = std::strtod(t.c_str(), &end);
  if (end == t.c_str() || *end != '\0' || std::isnan(v)) tok.failExpected(what, t);
  return v;
}

}  // namespace

namespace io_detail {

std::pair<Eigen::VectorXd, Eigen::VectorXd> readRelayBounds(DatTokenizer& tok, Eigen::Index n) {
  tok.checkDeclared(2 * static_cast<long>(n), 1, "Relay bounds (lb and ub)");
  Eigen::VectorXd lb(n), ub(n);
  for (Eigen::Index i = 0; i < lb.size(); ++i) lb[i] = readBound(tok, "Relay lower bound (lb)");
  for (Eigen::Index i = 0; i < ub.size(); ++i) ub[i] = readBound(tok, "Relay upper bound (ub)");
  return {std::move(lb), std::move(ub)};
}

RelayProblem readRelay(DatTokenizer& tok) {
  const long n = tok.readInt("Relay size n");
  tok.checkDeclared(n, 3, "Relay rows (n, one value of q, lb and ub each)");
  Matrix M = readNumericsMatrix(tok, [&](long rows, long cols) {
    if (rows != cols || cols != n) {
      tok.fail("Relay size n = " + std::to_string(n) + " does not match M (" +
               std::to_string(rows) + "x" + std::to_string(cols) + "), must be n x n");
    }
  });
  Eigen::VectorXd q = readDatVector(tok, M.cols(), "Relay q value");
  auto [lb, ub] = readRelayBounds(tok, M.cols());
  try {
    return RelayProblem(std::move(M), std::move(q), std::move(lb), std::move(ub));
  } catch (const std::invalid_argument& e) {
    tok.fail(e.what());
  }
}

}  // namespace io_detail

RelayProblem readRelayFile(const std::string& path) {
  DatTokenizer tok = DatTokenizer::fromFile(path);
  return io_detail::guardAllocation(tok, [&] { return io_detail::readRelay(tok); });
}

void writeRelayFile(const RelayProblem& problem, const std::string& path) {
  problem.validate();
  auto out = io_detail::openForWriting(path);
  const bool ok = std::fprintf(out.get(), "%ld\n", static_cast<long>(problem.size())) > 0;
  writeNumericsMatrix(problem.M(), out.get());
  writeDatVector(problem.q(), out.get());
  writeDatVector(problem.lb(), out.get());  // %.17g prints infinite bounds as inf/-inf
  writeDatVector(problem.ub(), out.get());
  io_detail::closeChecked(std::move(out), path, ok);
}

}  // namespace moreau::numerics
