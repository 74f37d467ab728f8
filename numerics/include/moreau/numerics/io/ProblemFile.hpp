#pragma once
// Any problem file: kind detection and a reader returning the problem of the
// detected (or given) kind. Used by `moreau-solve`. See docs/numerics/file-format.md
// ("Detecting the kind of a file").

#include <moreau/numerics/fc/FrictionContactProblem.hpp>
#include <moreau/numerics/lcp/LinearComplementarityProblem.hpp>
#include <moreau/numerics/mlcp/MixedLinearComplementarityProblem.hpp>
#include <moreau/numerics/relay/RelayProblem.hpp>

#include <optional>
#include <string>
#include <string_view>
#include <variant>

namespace moreau::numerics {

/// Kind of problem a file holds (Siconos `.dat` problem files).
enum class ProblemKind { Lcp, Mlcp, Relay, Fc2d, Fc3d };

/// "lcp", "mlcp", "relay", "fc2d", "fc3d".
const char* problemKindName(ProblemKind kind);
/// Inverse of problemKindName (case-insensitive); std::nullopt when unknown.
std::optional<ProblemKind> parseProblemKind(std::string_view name);

/// A problem read from a file. fc2d and fc3d files both give a FrictionContactProblem.
struct ProblemFile {
  /// Kind of the problem read.
  ProblemKind kind = ProblemKind::Lcp;
  /// The problem (the alternative matching kind; fc2d and fc3d: FrictionContactProblem).
  std::variant<LinearComplementarityProblem, MixedLinearComplementarityProblem, RelayProblem,
               FrictionContactProblem>
      problem;
};

/// Guesses the kind of a problem file:
///  1. every kind whose reader accepts the file is a candidate (friction contact:
///     fc2d or fc3d from the dimension token);
///  2. a kind named by the file or its folder (a path component or file-name word
///     "lcp", "mlcp", "relay", "fc2d", "fc3d", "FrictionContact2D/3D", "FC2D", "FC3D")
///     wins when it is a candidate;
///  3. otherwise the candidate that leaves the fewest unread tokens wins (a relay file
///     also parses as an LCP followed by lb and ub); ties: fc, mlcp, relay, lcp.
/// Throws DatFormatError when no reader accepts the file (with each reader's reason),
/// std::runtime_error when it cannot be opened.
ProblemKind detectProblemKind(const std::string& path);

/// Reads the file as `kind` when given, else as the detected kind. Throws
/// DatFormatError / std::runtime_error as the readers do; with an explicit fc2d/fc3d
/// kind the file's dimension must agree.
ProblemFile readProblemFile(const std::string& path,
                            std::optional<ProblemKind> kind = std::nullopt);

}  // namespace moreau::numerics
