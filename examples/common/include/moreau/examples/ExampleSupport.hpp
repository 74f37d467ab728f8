// Small helpers shared by the bundled examples: command-line options, a row writer for the
// result files and a progress bar. Not part of the installed library.
#ifndef MOREAU_EXAMPLES_EXAMPLESUPPORT_HPP
#define MOREAU_EXAMPLES_EXAMPLESUPPORT_HPP

#include <chrono>
#include <cstddef>
#include <cstdio>
#include <functional>
#include <initializer_list>
#include <string>
#include <vector>

namespace moreau::examples {

/// Exit code of an example when its command line is invalid.
inline constexpr int kBadOptionExitCode = 2;

/// Command line of an example: `--output FILE` (or `--output none`: no result file and no
/// row formatting at all, for benchmarking) plus named numeric, integer and word options
/// `--NAME VALUE` (also accepted as `--NAME=VALUE`), and `--help`.
///
/// parse() prints a clear message and terminates the process with exit code 2
/// (kBadOptionExitCode) on an unknown flag, a missing value, a value that is not a finite
/// number (not an integer in range for an integer option, not one of the choices for a word
/// option), or a value that violates the option's constraint. `--help` prints the usage on
/// stdout and exits with 0.
class CommandLine {
 public:
  CommandLine(std::string program, std::string description, std::string defaultOutput);

  /// Declare a numeric option `--name` with its default. When `positive` is true, values
  /// <= 0 are rejected.
  void addNumber(const std::string& name, double defaultValue, const std::string& help,
                 bool positive = true);

  /// Declare an integer option `--name` with its default; values outside [minimum, maximum]
  /// are rejected.
  void addInteger(const std::string& name, long defaultValue, const std::string& help, long minimum,
                  long maximum);

  /// Declare a word option `--name` with its default; when choices is not empty the value
  /// must be one of them (exact match).
  void addWord(const std::string& name, const std::string& defaultValue, const std::string& help,
               std::vector<std::string> choices = {});

  void parse(int argc, const char* const* argv);

  /// Value of a declared numeric option (default when not given on the command line).
  [[nodiscard]] double number(const std::string& name) const;
  /// Value of a declared integer option.
  [[nodiscard]] long integer(const std::string& name) const;
  /// Value of a declared word option.
  [[nodiscard]] const std::string& word(const std::string& name) const;
  [[nodiscard]] const std::string& output() const { return output_; }
  /// False for `--output none` (a file named "none" is written with `--output ./none`).
  [[nodiscard]] bool writesOutput() const { return output_ != "none"; }
  [[nodiscard]] std::string usage() const;

 private:
  struct Number {
    std::string name;
    double value;
    std::string help;
    bool positive;
    bool integer = false;  // value is a whole number in [minimum, maximum]
    long minimum = 0, maximum = 0;
  };
  struct Word {
    std::string name;
    std::string value;
    std::string help;
    std::vector<std::string> choices;
  };
  [[noreturn]] void fail(const std::string& message) const;
  Number* find(const std::string& name);
  Word* findWord(const std::string& name);

  std::string program_;
  std::string description_;
  std::string output_;
  std::vector<Number> numbers_;
  std::vector<Word> words_;
};

/// Longest text of formatScientific: "-1.234567890123456e-308".
inline constexpr std::size_t kScientificMaxChars = 23;

/// Writes value as printf("%.15e") does (same characters, including "nan", "-nan", "inf",
/// "-inf", "-0.000000000000000e+00" and three-digit exponents) at out, without a
/// terminating '\0', and returns the end. out must have room for kScientificMaxChars.
/// Uses std::to_chars (exact, locale-independent, several times faster than printf).
char* formatScientific(double value, char* out);

/// Writes one row per call: values printed as "%.15e" (formatScientific), separated by
/// single spaces, terminated by '\n'. write() only stores the values; they are formatted
/// and written a block of rows at a time, so the cost of the output is measured apart
/// (seconds()). Throws std::runtime_error when the file cannot be opened or written.
class RowWriter {
 public:
  /// Rows formatted and written at once.
  static constexpr std::size_t kBlockRows = 1024;

  RowWriter(const std::string& path, std::size_t columns);
  ~RowWriter();
  RowWriter(const RowWriter&) = delete;
  RowWriter& operator=(const RowWriter&) = delete;

  void write(std::initializer_list<double> values);
  void write(const double* values, std::size_t count);
  /// Function that fills derived columns of a row in place just before it is formatted
  /// (e.g. quantities computed from t only for the output), so that their cost counts as
  /// output time. Empty by default.
  void setRowCompletion(std::function<void(double* row)> complete);
  /// Flush and close; throws std::runtime_error on a write error. Called by the destructor
  /// (which swallows errors) when not called explicitly.
  void close();
  [[nodiscard]] std::size_t rows() const { return rows_; }
  /// Wall-clock seconds spent so far opening, completing, formatting, writing and closing
  /// (write() itself only copies the values and is not counted).
  [[nodiscard]] double seconds() const { return seconds_; }
  [[nodiscard]] const std::string& path() const { return path_; }

 private:
  void flush();

  std::string path_;
  std::FILE* file_ = nullptr;
  std::size_t columns_;
  std::size_t rows_ = 0;
  double seconds_ = 0.0;
  std::vector<double> pending_;  // values of the rows not formatted yet
  std::vector<char> text_;       // text of one block
  std::function<void(double* row)> complete_;
};

/// Prints the summary line of an example on stdout:
///   "<program>: N steps, M <events>, F solver failures, simulation S s, output W s -> FILE"
/// or, without result file (`--output none`), "..., simulation S s, output none".
/// `events` names what M counts ("impacts", "conducting steps", ...); `solverFailures` is the
/// number of failed solves of the simulation's per-step record (Simulation::log()
/// .numberOfFailures()). simulationSeconds excludes the writer's time.
void printSummary(const char* program, long steps, long eventCount, const char* events,
                  std::size_t solverFailures, double simulationSeconds, const RowWriter* writer);

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
