// GenericMechanical `.dat` reader/writer (docs/numerics/generic-mechanical.md).

#include <moreau/numerics/gmp/GenericMechanicalFile.hpp>
#include <moreau/numerics/io/DatTokenizer.hpp>
#include <moreau/numerics/io/NumericsMatrixFile.hpp>

#include "../io/DatReaders.hpp"

#include <cstdio>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace moreau::numerics {

namespace {

GenericMechanicalProblem readGmp(DatTokenizer& tok) {
  Matrix M = readNumericsMatrix(tok, [&](long rows, long cols) {
    if (rows != cols)
      tok.fail("GenericMechanical M is " + std::to_string(rows) + "x" + std::to_string(cols) +
               ", must be square");
  });
  if (!M.isSparseBlock())
    tok.fail(
        "GenericMechanical M must be stored sparse-block (storage 1): the blocks of the "
        "problem are its block rows");
  Eigen::VectorXd q = readDatVector(tok, M.cols(), "GenericMechanical q value");
  const SparseBlockMatrix& S = M.sparseBlock();
  std::vector<GmpBlock> blocks;
  blocks.reserve(static_cast<std::size_t>(S.blockRows()));
  for (Eigen::Index i = 0; i < S.blockRows(); ++i) {
    const long type = tok.readInt("GenericMechanical problem type", 0, 1000);
    const Eigen::Index size = S.rowBlockSize(i);
    const std::string row =
        "block row " + std::to_string(i) + " (" + std::to_string(size) + " rows) ";
    switch (type) {
      case 0:
        blocks.push_back(GmpBlock::complementarity(size));
        break;
      case 2:
        blocks.push_back(GmpBlock::equality(size));
        break;
      case 4: {
        const double mu = tok.readDouble("GenericMechanical FC3D friction coefficient mu");
        if (size != 3) tok.fail(row + "has type 4 (FC3D): 3 rows expected");
        blocks.push_back(GmpBlock::frictionContact(3, mu));
        break;
      }
      case 3:
      case 9:
        tok.fail(row + "has type " + std::to_string(type) + (type == 3 ? " (FC2D)" : " (relay)") +
                 ": its data are not in the documented layout, not supported");
      default:
        tok.fail(row + "has an unknown problem type " + std::to_string(type) +
                 " (0 LCP, 2 equality, 4 FC3D)");
    }
  }
  try {
    return GenericMechanicalProblem(std::move(M), std::move(q), std::move(blocks));
  } catch (const std::invalid_argument& e) {
    tok.fail(e.what());
  }
}

}  // namespace

GenericMechanicalProblem readGenericMechanicalFile(const std::string& path) {
  DatTokenizer tok = DatTokenizer::fromFile(path);
  return io_detail::guardAllocation(tok, [&] { return readGmp(tok); });
}

void writeGenericMechanicalFile(const GenericMechanicalProblem& problem, const std::string& path) {
  problem.validate();
  std::vector<Eigen::Index> sizes;
  for (const GmpBlock& b : problem.blocks()) {
    if (b.type == GmpBlockType::FrictionContact2D || b.type == GmpBlockType::Relay)
      throw std::invalid_argument(std::string("writeGenericMechanicalFile: a ") + toString(b.type) +
                                  " block is not in the documented GenericMechanical layout");
    sizes.push_back(b.size);
  }
  const Matrix M(problem.M().toSparseBlock(sizes, sizes));
  auto out = io_detail::openForWriting(path);
  writeNumericsMatrixSparseBlock(M, out.get());
  writeDatVector(problem.q(), out.get());
  bool ok = true;
  for (const GmpBlock& b : problem.blocks()) {
    ok = ok && std::fprintf(out.get(), "%d\n", static_cast<int>(b.type)) > 0;
    if (b.type == GmpBlockType::FrictionContact3D)
      ok = ok && std::fprintf(out.get(), "%.17g\n", b.mu) > 0;
  }
  io_detail::closeChecked(std::move(out), path, ok);
}

}  // namespace moreau::numerics
