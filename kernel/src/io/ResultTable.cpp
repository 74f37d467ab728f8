#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/io/ResultTable.hpp>

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <limits>
#include <ostream>
#include <sstream>
#include <utility>
#include <vector>

namespace moreau::io {

namespace {

// "%.15e" into a fixed buffer (no allocation).
int format(char* buffer, std::size_t size, double value) {
  return std::snprintf(buffer, size, "%.15e", value);
}

double difference(double a, double b) {
  const bool na = std::isnan(a), nb = std::isnan(b);
  if (na && nb) return 0.0;
  if (na || nb) return std::numeric_limits<double>::infinity();
  if (a == b) return 0.0;  // equal infinities
  return std::abs(a - b);
}

}  // namespace

void writeTable(std::ostream& out, const Eigen::Ref<const Eigen::MatrixXd>& table) {
  char buffer[64];
  for (Eigen::Index i = 0; i < table.rows(); ++i) {
    for (Eigen::Index j = 0; j < table.cols(); ++j) {
      if (j > 0) out << ' ';
      format(buffer, sizeof buffer, table(i, j));
      out << buffer;
    }
    out << '\n';
  }
}

void writeTable(const std::string& path, const Eigen::Ref<const Eigen::MatrixXd>& table) {
  std::ofstream out(path);
  if (!out) throw ModelError("moreau::io::writeTable: cannot open '" + path + "' for writing");
  writeTable(out, table);
  out.flush();
  if (!out) throw ModelError("moreau::io::writeTable: writing '" + path + "' failed");
}

Eigen::MatrixXd readTable(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw ModelError("moreau::io::readTable: cannot open '" + path + "'");
  std::vector<double> values;
  long columns = -1, rows = 0, lineNumber = 0;
  std::string line;
  while (std::getline(in, line)) {
    ++lineNumber;
    const auto first = line.find_first_not_of(" \t\r");
    if (first == std::string::npos || line[first] == '#' || line[first] == '%') continue;
    const char* p = line.c_str();
    long count = 0;
    for (;;) {
      while (*p == ' ' || *p == '\t' || *p == '\r') ++p;
      if (*p == '\0') break;
      char* end = nullptr;
      errno = 0;
      const double v = std::strtod(p, &end);
      if (end == p || (*end != '\0' && *end != ' ' && *end != '\t' && *end != '\r'))
        throw ModelError("moreau::io::readTable: '" + path + "' line " +
                         std::to_string(lineNumber) + ": cannot parse '" +
                         std::string(p, std::strcspn(p, " \t\r")) + "' as a number");
      values.push_back(v);
      ++count;
      p = end;
    }
    if (columns < 0) columns = count;
    if (count != columns)
      throw ModelError("moreau::io::readTable: '" + path + "' line " + std::to_string(lineNumber) +
                       " has " + std::to_string(count) + " values, the first row has " +
                       std::to_string(columns));
    ++rows;
  }
  if (rows == 0) return Eigen::MatrixXd(0, 0);
  Eigen::MatrixXd table(rows, columns);
  for (long i = 0; i < rows; ++i)
    for (long j = 0; j < columns; ++j)
      table(i, j) = values[static_cast<std::size_t>(i * columns + j)];
  return table;
}

ResultWriter::ResultWriter(const std::string& path) : path_(path) {
  if (path == "none") return;
  file_ = std::fopen(path.c_str(), "w");
  if (!file_)
    throw ModelError("moreau::io::ResultWriter: cannot open '" + path +
                     "' for writing: " + std::strerror(errno));
}

ResultWriter::~ResultWriter() {
  if (file_) std::fclose(file_);
}

ResultWriter::ResultWriter(ResultWriter&& other) noexcept
    : file_(std::exchange(other.file_, nullptr)),
      path_(std::move(other.path_)),
      rows_(other.rows_),
      columns_(other.columns_) {}

ResultWriter& ResultWriter::operator=(ResultWriter&& other) noexcept {
  if (this != &other) {
    if (file_) std::fclose(file_);
    file_ = std::exchange(other.file_, nullptr);
    path_ = std::move(other.path_);
    rows_ = other.rows_;
    columns_ = other.columns_;
  }
  return *this;
}

void ResultWriter::checkLength(long length) {
  if (columns_ < 0) columns_ = length;
  if (length != columns_)
    throw ModelError("moreau::io::ResultWriter('" + path_ + "'): row " + std::to_string(rows_) +
                     " has " + std::to_string(length) + " values, the first row has " +
                     std::to_string(columns_));
}

void ResultWriter::writeValues(const double* values, long length) {
  checkLength(length);
  ++rows_;
  if (!file_) return;
  for (long j = 0; j < length; ++j) std::fprintf(file_, j ? " %.15e" : "%.15e", values[j]);
  std::fputc('\n', file_);
}

void ResultWriter::writeRow(const Eigen::Ref<const Eigen::VectorXd>& row) {
  writeValues(row.data(), static_cast<long>(row.size()));
}

void ResultWriter::writeRow(std::initializer_list<double> row) {
  writeValues(row.begin(), static_cast<long>(row.size()));
}

void ResultWriter::close() {
  if (!file_) return;
  const bool failed = std::ferror(file_) != 0;
  const bool closeFailed = std::fclose(file_) != 0;
  file_ = nullptr;
  if (failed || closeFailed)
    throw ModelError("moreau::io::ResultWriter: writing '" + path_ + "' failed");
}

std::string TableComparison::report() const {
  std::ostringstream os;
  os.precision(6);
  if (!sameShape) {
    os << "shape mismatch: result " << rows << " x " << columns << ", reference " << referenceRows
       << " x " << referenceColumns;
    return os.str();
  }
  os << rows << " x " << columns << " table, "
     << (withinTolerance ? "within tolerance" : "NOT within tolerance");
  if (firstDifferingRow >= 0)
    os << "; first difference above tolerance at row " << firstDifferingRow << ", column "
       << firstDifferingColumn;
  os << "; max |difference| per column:";
  for (Eigen::Index j = 0; j < maxDifference.size(); ++j)
    os << ' ' << j << ':' << maxDifference(j) << "(row " << maxDifferenceRow(j) << ')';
  return os.str();
}

TableComparison compareTables(const Eigen::Ref<const Eigen::MatrixXd>& result,
                              const Eigen::Ref<const Eigen::MatrixXd>& reference,
                              const Eigen::Ref<const Eigen::VectorXd>& tolerances) {
  const Eigen::Index n = result.cols();
  if (tolerances.size() != 1 && tolerances.size() != n)
    throw ModelError("moreau::io::compareTables: " + std::to_string(tolerances.size()) +
                     " tolerances for " + std::to_string(n) + " columns (give 1 or " +
                     std::to_string(n) + ")");
  for (Eigen::Index j = 0; j < tolerances.size(); ++j)
    if (!(tolerances(j) >= 0.0))
      throw ModelError("moreau::io::compareTables: tolerance " + std::to_string(j) +
                       " is negative or NaN");
  TableComparison c;
  c.rows = static_cast<long>(result.rows());
  c.columns = static_cast<long>(n);
  c.referenceRows = static_cast<long>(reference.rows());
  c.referenceColumns = static_cast<long>(reference.cols());
  c.sameShape = result.rows() == reference.rows() && result.cols() == reference.cols();
  if (!c.sameShape) return c;
  c.maxDifference = Eigen::VectorXd::Zero(n);
  c.maxDifferenceRow = Eigen::VectorXi::Constant(n, result.rows() > 0 ? 0 : -1);
  for (Eigen::Index i = 0; i < result.rows(); ++i)
    for (Eigen::Index j = 0; j < n; ++j) {
      const double d = difference(result(i, j), reference(i, j));
      if (d > c.maxDifference(j)) {
        c.maxDifference(j) = d;
        c.maxDifferenceRow(j) = static_cast<int>(i);
      }
      const double tol = tolerances.size() == 1 ? tolerances(0) : tolerances(j);
      if (d > tol && c.firstDifferingRow < 0) {
        c.firstDifferingRow = static_cast<long>(i);
        c.firstDifferingColumn = static_cast<long>(j);
      }
    }
  c.withinTolerance = c.firstDifferingRow < 0;
  return c;
}

TableComparison compareTables(const Eigen::Ref<const Eigen::MatrixXd>& result,
                              const Eigen::Ref<const Eigen::MatrixXd>& reference,
                              double tolerance) {
  return compareTables(result, reference, Eigen::VectorXd::Constant(1, tolerance));
}

}  // namespace moreau::io
