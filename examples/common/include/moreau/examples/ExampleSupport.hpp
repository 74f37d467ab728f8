// Small helpers shared by the bundled examples: command-line options, a row writer for the
// result files and a progress bar. Not part of the installed library.
#ifndef MOREAU_EXAMPLES_EXAMPLESUPPORT_HPP
#define MOREAU_EXAMPLES_EXAMPLESUPPORT_HPP

#include <chrono>
#include <cstdio>
#include <initializer_list>
#include <string>
#include <vector>

namespace moreau::examples {

/// Exit code of an example when its command line is invalid.
inline constexpr int kBadOptionExitCode = 2;

/// Command line of an example: `--output FILE` plus named numeric options `--NAME VALUE`
/// (also accepted as `--NAME=VALUE`), and `--help`.
///
/// parse() prints a clear message and terminates the process with exit code 2
/// (kBadOptionExitCode) on an unknown flag, a missing value, a value that is not a finite
/// number, or a value that violates the option's constraint. `--help` prints the usage on
/// stdout and exits with 0.
class CommandLine {
 public:
  CommandLine(std::string program, std::string description, std::string defaultOutput);

  /// Declare a numeric option `--name` with its default. When `positive` is true, values
  /// <= 0 are rejected.
  void addNumber(const std::string& name, double defaultValue, const std::string& help,
                 bool positive = true);

  void parse(int argc, const char* const* argv);

  /// Value of a declared numeric option (default when not given on the command line).
  [[nodiscard]] double number(const std::string& name) const;
  [[nodiscard]] const std::string& output() const { return output_; }
  [[nodiscard]] std::string usage() const;

 private:
  struct Number {
    std::string name;
    double value;
    std::string help;
    bool positive;
  };
  [[noreturn]] void fail(const std::string& message) const;
  Number* find(const std::string& name);

  std::string program_;
  std::string description_;
  std::string output_;
  std::vector<Number> numbers_;
};

/// Writes one row per call: values printed with "%.15e", separated by single spaces,
/// terminated by '\n'. Throws std::runtime_error when the file cannot be opened or written.
class RowWriter {
 public:
  RowWriter(const std::string& path, std::size_t columns);
  ~RowWriter();
  RowWriter(const RowWriter&) = delete;
  RowWriter& operator=(const RowWriter&) = delete;

  void write(std::initializer_list<double> values);
  void write(const double* values, std::size_t count);
  /// Flush and close; throws std::runtime_error on a write error. Called by the destructor
  /// (which swallows errors) when not called explicitly.
  void close();
  [[nodiscard]] std::size_t rows() const { return rows_; }

 private:
  std::string path_;
  std::FILE* file_ = nullptr;
  std::size_t columns_;
  std::size_t rows_ = 0;
};

/// A progress bar on stderr, drawn only when stderr is a terminal (isatty), so redirected
/// runs and ctest logs stay clean.
class ProgressBar {
 public:
  ProgressBar(std::string label, long total);
  ~ProgressBar();
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;

  void update(long done);
  void finish();

 private:
  std::string label_;
  long total_;
  int lastPercent_ = -1;
  bool enabled_;
  bool finished_ = false;
};

/// Wall-clock stopwatch (steady clock).
class Stopwatch {
 public:
  Stopwatch() : start_(std::chrono::steady_clock::now()) {}
  [[nodiscard]] double seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }

 private:
  std::chrono::steady_clock::time_point start_;
};

}  // namespace moreau::examples

#endif  // MOREAU_EXAMPLES_EXAMPLESUPPORT_HPP
