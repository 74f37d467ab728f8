#pragma once
// Shared pieces of the plain (non-Google-Benchmark) kernel drivers: a steady clock, the
// thread CPU clock, the FNV-1a digest of a state (to compare two builds bit for bit), the
// command-line error path (message + usage on stderr, exit code 2; --help exits 0) and the
// positive-number parser. Header-only, benchmarks only.
#include <Eigen/Core>

#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <exception>
#include <limits>
#include <string>
#include <utility>

namespace moreau::bench {

using Clock = std::chrono::steady_clock;

/// Seconds elapsed since `since`.
inline double seconds(Clock::time_point since) {
  return std::chrono::duration<double>(Clock::now() - since).count();
}

/// CPU time of the calling thread (s): a loop's cost without the time the machine gave to
/// other processes (with several threads, the caller's share only: compare wall times then).
inline double threadCpuSeconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

/// h ← FNV-1a of h and the bits of every entry of v (start from 14695981039346656037).
inline void addToDigest(std::uint64_t& h, const Eigen::VectorXd& v) {
  for (Eigen::Index i = 0; i < v.size(); ++i) {
    std::uint64_t bits = 0;
    const double x = v(i);
    std::memcpy(&bits, &x, sizeof bits);
    for (int b = 0; b < 8; ++b) {
      h ^= (bits >> (8 * b)) & 0xffU;
      h *= 1099511628211ULL;
    }
  }
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
    const double v = parse(text);
    if (!(v > 0)) fail(option + " expects a positive number, got '" + text + "'");
    return v;
  }

  /// `text` as a number >= 0, or fail() naming `option`.
  double nonNegativeNumber(const std::string& option, const std::string& text) const {
    const double v = parse(text);
    if (!(v >= 0)) fail(option + " expects a number >= 0, got '" + text + "'");
    return v;
  }

  /// `text` as an integer in [lo, hi], or fail() naming `option` and the range.
  long integer(const std::string& option, const std::string& text, long lo, long hi) const {
    const double v = parse(text);
    if (!(v >= static_cast<double>(lo) && v <= static_cast<double>(hi)) || v != std::floor(v))
      fail(option + " expects an integer in [" + std::to_string(lo) + ", " + std::to_string(hi) +
           "], got '" + text + "'");
    return static_cast<long>(v);
  }

 private:
  // The whole of `text` as a number; NaN when it is not one (every check above fails on NaN).
  static double parse(const std::string& text) {
    std::size_t used = 0;
    double v = 0;
    try {
      v = std::stod(text, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    return used > 0 && used == text.size() ? v : std::numeric_limits<double>::quiet_NaN();
  }

  std::string name_, usage_;
};

}  // namespace moreau::bench
