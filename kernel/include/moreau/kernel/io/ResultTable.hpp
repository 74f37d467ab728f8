#pragma once
// moreau::io — result tables as the Siconos examples write them (the
// ioMatrix::write(..., "noDim") text format): one row per time step, values
// printed with "%.15e" and separated by one space, '\n' after each row, no
// header. Written either at once from a matrix (writeTable) or row by row
// during the run (ResultWriter, no heap allocation per row), read back with
// readTable, and compared with a reference table column by column with
// compareTables (maximum absolute difference per column, first differing row
// and column, per-column tolerances). Installed with the kernel headers.

#include <Eigen/Dense>

#include <cstdio>
#include <initializer_list>
#include <iosfwd>
#include <string>

namespace moreau::io {

/// Writes `table` to `out` (one row per line, "%.15e", space separated).
void writeTable(std::ostream& out, const Eigen::Ref<const Eigen::MatrixXd>& table);
/// Writes `table` to the file `path` (created or truncated). ModelError
/// naming the path when the file cannot be opened or written.
void writeTable(const std::string& path, const Eigen::Ref<const Eigen::MatrixXd>& table);

/// Reads a table written by writeTable/ResultWriter (any whitespace-separated
/// numbers; empty lines and lines starting with '#' or '%' are skipped).
/// ModelError naming the path and the line when the file cannot be opened, a
/// value cannot be parsed, or the rows do not all have the same length.
Eigen::MatrixXd readTable(const std::string& path);

/// Row-by-row writer: open once, call writeRow once per step. The file is
/// flushed and closed by close() or the destructor. A writer made with the
/// path "none" (or default-constructed) discards the rows, which is how the
/// examples implement `--output none`.
class ResultWriter {
 public:
  ResultWriter() = default;
  /// ModelError naming the path when the file cannot be opened.
  explicit ResultWriter(const std::string& path);
  ~ResultWriter();
  ResultWriter(const ResultWriter&) = delete;
  ResultWriter& operator=(const ResultWriter&) = delete;
  /// Movable (not copyable).
  ///@{
  ResultWriter(ResultWriter&& other) noexcept;
  ResultWriter& operator=(ResultWriter&& other) noexcept;
  ///@}

  /// One row: the values in order, "%.15e", space separated, then '\n'.
  /// ModelError when the row length differs from the first row's.
  ///@{
  void writeRow(const Eigen::Ref<const Eigen::VectorXd>& row);
  void writeRow(std::initializer_list<double> row);
  ///@}
  /// Rows written so far.
  long rows() const { return rows_; }
  /// True when the writer writes to a file (false for "none").
  bool isOpen() const { return file_ != nullptr; }
  /// Flushes and closes; ModelError when the final write fails.
  void close();

 private:
  void checkLength(long length);
  void writeValues(const double* values, long length);
  std::FILE* file_ = nullptr;
  std::string path_;
  long rows_ = 0;
  long columns_ = -1;
};

/// Result of compareTables.
struct TableComparison {
  /// False when the row or column counts differ (nothing else is compared).
  bool sameShape = false;
  /// Shape of the result.
  ///@{
  long rows = 0, columns = 0;
  ///@}
  /// Shape of the reference.
  ///@{
  long referenceRows = 0, referenceColumns = 0;
  ///@}
  /// max_i |result(i, j) − reference(i, j)| for each column j (+inf where
  /// exactly one of the two is NaN; two NaNs are equal).
  Eigen::VectorXd maxDifference;
  /// Row of the maximum difference, per column (−1 for an empty table).
  Eigen::VectorXi maxDifferenceRow;
  /// First entry, in row-major order, whose difference exceeds its column's
  /// tolerance (−1, −1 when none).
  ///@{
  long firstDifferingRow = -1, firstDifferingColumn = -1;
  ///@}
  /// True when the shapes agree and every difference is within tolerance.
  bool withinTolerance = false;
  /// A human-readable summary (shape, first differing entry, per-column
  /// maxima), for test failure messages.
  std::string report() const;
};

/// Compares `result` with `reference`, column j with absolute tolerance
/// tolerances(j); a tolerance vector of size 1 applies to every column.
/// ModelError when the tolerance vector has another size or a negative or
/// NaN entry.
TableComparison compareTables(const Eigen::Ref<const Eigen::MatrixXd>& result,
                              const Eigen::Ref<const Eigen::MatrixXd>& reference,
                              const Eigen::Ref<const Eigen::VectorXd>& tolerances);
/// Same tolerance for every column (0 = exact comparison).
TableComparison compareTables(const Eigen::Ref<const Eigen::MatrixXd>& result,
                              const Eigen::Ref<const Eigen::MatrixXd>& reference,
                              double tolerance = 0.0);

}  // namespace moreau::io
