#pragma once
// Shared pieces of the plain (non-Google-Benchmark) kernel drivers
// bench_column_of_beads and bench_sphere_stack: a steady clock, the command-line
// error path (message + usage on stderr, exit code 2; --help exits 0) and the
// positive-number parser. Header-only, benchmarks only.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <utility>

namespace moreau::bench {

using Clock = std::chrono::steady_clock;

/// Seconds elapsed since `since`.
inline double seconds(Clock::time_point since) {
  return std::chrono::duration<double>(Clock::now() - since).count();
}

/// The command line of one driver: its name and its usage line.
class DriverCommandLine {
 public:
  DriverCommandLine(std::string name, std::string usage)
      : name_(std::move(name)), usage_(std::move(usage)) {}

  /// Prints `message` (if any) and the usage line on stderr, then exits: 0 for an empty
  /// message (--help), 2 otherwise.
  [[noreturn]] void fail(const std::string& message) const {
    if (!message.empty()) std::fprintf(stderr, "%s: %s\n", name_.c_str(), message.c_str());
    std::fprintf(stderr, "usage: %s %s\n", name_.c_str(), usage_.c_str());
    std::exit(message.empty() ? 0 : 2);
  }

  /// `text` as a number > 0, or fail() naming `option`.
  double positiveNumber(const std::string& option, const std::string& text) const {
    std::size_t used = 0;
    double v = 0;
    try {
      v = std::stod(text, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used != text.size() || !(v > 0))
      fail(option + " expects a positive number, got '" + text + "'");
    return v;
  }

 private:
  std::string name_, usage_;
};

}  // namespace moreau::bench
