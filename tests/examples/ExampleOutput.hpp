// Helpers of the example tests: run an example executable and read its result file.
#ifndef MOREAU_TESTS_EXAMPLES_EXAMPLEOUTPUT_HPP
#define MOREAU_TESTS_EXAMPLES_EXAMPLEOUTPUT_HPP

#include <string>
#include <vector>

namespace moreau::tests {

using Table = std::vector<std::vector<double>>;

/// Reads a whitespace-separated numeric table (one row per line; empty lines and lines
/// starting with '#' are skipped). Throws std::runtime_error when the file cannot be read or
/// a token is not a number.
Table readTable(const std::string& path);

/// Result of running an example executable.
struct Run {
  int exitCode = -1;   ///< exit status of the program (-1 when it did not exit normally)
  std::string stdOut;  ///< what the program printed on stdout
  std::string output;  ///< path of its result file
};

/// Runs `exe args --output <outputDir>/<name>.dat` through the shell, stdout captured to
/// <outputDir>/<name>.log. `name` must be unique per test (ctest runs tests in parallel).
Run runExample(const std::string& exe, const std::string& args, const std::string& name);

}  // namespace moreau::tests

#endif  // MOREAU_TESTS_EXAMPLES_EXAMPLEOUTPUT_HPP
