// Friction-contact `.dat` reader/writer (layout: docs/numerics/file-format.md, spec §3.2).
#include <moreau/numerics/io/FrictionContactFile.hpp>

#include <moreau/numerics/io/DatFile.hpp>
#include <moreau/numerics/io/DatTokenizer.hpp>
#include <moreau/numerics/io/NumericsMatrixFile.hpp>

#include "DatReaders.hpp"

#include <stdexcept>
#include <string>
#include <utility>

namespace moreau::numerics {

namespace io_detail {

FrictionContactProblem readFrictionContact(DatTokenizer& tok) {
  const long dim = tok.readInt("friction-contact dimension (2 or 3)", 2, 3);
  const long nc = tok.readInt("friction-contact number of contacts", 0, 1L << 28);
  tok.checkDeclared(nc, dim + 1, "contacts (nc, dimension values of q and one mu each)");
  Matrix W = readNumericsMatrix(tok, [&](long rows, long cols) {
    if (rows != cols || cols != dim * nc) {
      tok.fail("friction-contact matrix is " + std::to_string(rows) + "x" + std::to_string(cols) +
               ", dimension x nc = " + std::to_string(dim * nc));
    }
  });
  Eigen::VectorXd q = readDatVector(tok, W.cols(), "friction-contact q value");
  Eigen::VectorXd mu = readDatVector(tok, nc, "friction coefficient mu");
  try {
    return FrictionContactProblem(static_cast<int>(dim), std::move(W), std::move(q), std::move(mu));
  } catch (const std::invalid_argument& e) {
    tok.fail(e.what());
  }
}

}  // namespace io_detail

FrictionContactProblem readFrictionContactFile(const std::string& path) {
  DatTokenizer tok = DatTokenizer::fromFile(path);
  return io_detail::guardAllocation(tok, [&] { return io_detail::readFrictionContact(tok); });
}

void writeFrictionContactFile(const FrictionContactProblem& problem, const std::string& path) {
  problem.validate();
  auto out = io_detail::openForWriting(path);
  const bool ok = std::fprintf(out.get(), "%d\n%ld\n", problem.dimension(),
                               static_cast<long>(problem.numberOfContacts())) > 0;
  writeNumericsMatrix(problem.W(), out.get());
  writeDatVector(problem.q(), out.get());
  writeDatVector(problem.mu(), out.get());
  io_detail::closeChecked(std::move(out), path, ok);
}

}  // namespace moreau::numerics
