#include <moreau/numerics/io/DatFile.hpp>

#include <moreau/numerics/io/DatTokenizer.hpp>
#include <moreau/numerics/io/NumericsMatrixFile.hpp>

#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

namespace moreau::numerics {

LinearComplementarityProblem readLcpFile(const std::string& path) {
  DatTokenizer tok = DatTokenizer::fromFile(path);
  const long n = tok.readInt("LCP size n");
  Matrix M = readNumericsMatrix(tok);
  if (M.rows() != M.cols()) {
    tok.fail("LCP matrix M is " + std::to_string(M.rows()) + "x" + std::to_string(M.cols()) +
             ", must be square");
  }
  if (M.cols() != n) {
    tok.fail("LCP size n = " + std::to_string(n) + " does not match M (" +
             std::to_string(M.rows()) + "x" + std::to_string(M.cols()) + ")");
  }
  // q has M.size1 (= columns) entries, as in Siconos; trailing tokens are ignored.
  Eigen::VectorXd q(M.cols());
  for (Eigen::Index i = 0; i < q.size(); ++i) q[i] = tok.readDouble("q value");
  return LinearComplementarityProblem(std::move(M), std::move(q));
}

void writeLcpFile(const LinearComplementarityProblem& problem, const std::string& path) {
  problem.validate();
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> out(std::fopen(path.c_str(), "w"), &std::fclose);
  if (!out) throw std::runtime_error(path + ": cannot open file for writing");
  bool ok = std::fprintf(out.get(), "%ld\n", static_cast<long>(problem.size())) > 0;
  writeNumericsMatrixDense(problem.M(), out.get());
  const Eigen::VectorXd& q = problem.q();
  for (Eigen::Index i = 0; i < q.size() && ok; ++i) {
    ok = std::fprintf(out.get(), "%.17g%c", q[i], i + 1 == q.size() ? '\n' : ' ') > 0;
  }
  std::FILE* f = out.release();
  if (std::fclose(f) != 0 || !ok) throw std::runtime_error(path + ": write error");
}

}  // namespace moreau::numerics
