#include <moreau/numerics/io/DatFile.hpp>

#include <moreau/numerics/io/DatTokenizer.hpp>
#include <moreau/numerics/io/NumericsMatrixFile.hpp>

#include "DatReaders.hpp"

#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

namespace moreau::numerics {

namespace io_detail {

FilePtr openForWriting(const std::string& path) {
  FilePtr out(std::fopen(path.c_str(), "w"), &std::fclose);
  if (!out) throw std::runtime_error(path + ": cannot open file for writing");
  return out;
}

void closeChecked(FilePtr file, const std::string& path, bool ok) {
  std::FILE* f = file.release();
  if (std::fclose(f) != 0 || !ok) throw std::runtime_error(path + ": write error");
}

LinearComplementarityProblem readLcp(DatTokenizer& tok) {
  const long n = tok.readInt("LCP size n");
  tok.checkDeclared(n, 1, "LCP rows (n, one value of q each)");
  // M's shape is checked from its header, before its values are allocated.
  Matrix M = readNumericsMatrix(tok, [&](long rows, long cols) {
    if (rows != cols) {
      tok.fail("LCP matrix M is " + std::to_string(rows) + "x" + std::to_string(cols) +
               ", must be square");
    }
    if (cols != n) {
      tok.fail("LCP size n = " + std::to_string(n) + " does not match M (" + std::to_string(rows) +
               "x" + std::to_string(cols) + ")");
    }
  });
  // q has M.size1 (= columns) entries, as in Siconos; trailing tokens are ignored.
  Eigen::VectorXd q = readDatVector(tok, M.cols(), "q value");
  try {
    return LinearComplementarityProblem(std::move(M), std::move(q));
  } catch (const std::invalid_argument& e) {
    tok.fail(e.what());
  }
}

}  // namespace io_detail

LinearComplementarityProblem readLcpFile(const std::string& path) {
  DatTokenizer tok = DatTokenizer::fromFile(path);
  return io_detail::guardAllocation(tok, [&] { return io_detail::readLcp(tok); });
}

void writeLcpFile(const LinearComplementarityProblem& problem, const std::string& path) {
  problem.validate();
  auto out = io_detail::openForWriting(path);
  const bool ok = std::fprintf(out.get(), "%ld\n", static_cast<long>(problem.size())) > 0;
  writeNumericsMatrix(problem.M(), out.get());
  writeDatVector(problem.q(), out.get());
  io_detail::closeChecked(std::move(out), path, ok);
}

}  // namespace moreau::numerics
