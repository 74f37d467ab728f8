#pragma once
// Reader and writer of FCLIB friction-contact problem files (HDF5).
//
// Layout (FCLIB 3.x, the same groups and datasets libfclib reads and writes):
//   /fclib_local/spacedim                  int, 2 or 3
//   /fclib_local/W/{m, n, nz, nzmax, p, i, x}   sparse matrix (see below)
//   /fclib_local/V/..., /fclib_local/R/...      optional equality block (not supported)
//   /fclib_local/vectors/{q, mu, s}        doubles (s only with V, R)
//   /fclib_local/info/{title, description, math_info}   optional strings
//   /fclib_global/spacedim, /fclib_global/{M, H, G}/..., /fclib_global/vectors/{f, w, mu, b}
//   /solution/{v, u, r, l}                 optional doubles
//   /guesses/number_of_guesses, /guesses/1/{v,u,r,l}, ...   optional (not read)
// A matrix is cs-style: m rows, n columns, nzmax stored entries, nz = -1 for
// compressed columns (p has n+1 pointers, i row indices), nz = -2 for
// compressed rows (p has m+1 pointers, i column indices), nz >= 0 for triplets
// (p row indices, i column indices, nz entries). Duplicated triplets are summed.
//
// The implementation uses the HDF5 C API directly (not libfclib, which calls
// exit() on an incomplete file): every malformed file gives an FclibFormatError
// naming the file and the offending group or dataset. See
// docs/numerics/friction-contact.md.

#include <moreau/numerics/fc/FrictionContactProblem.hpp>
#include <moreau/numerics/fc/GlobalFrictionContactProblem.hpp>

#include <Eigen/Dense>
#include <optional>
#include <stdexcept>
#include <string>

namespace moreau::numerics {

/// A missing, unreadable or malformed FCLIB file: what() starts with the file name
/// and names the group/dataset and what is wrong.
class FclibFormatError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// A solution (or guess) of an FCLIB problem. Empty vectors are absent: the local
/// form uses r and u, the global form v, r and u; l (equality multipliers) is unused.
struct FclibSolution {
  /// Generalized velocity v (global form).
  Eigen::VectorXd v;
  /// Local velocities u.
  Eigen::VectorXd u;
  /// Reactions r.
  Eigen::VectorXd r;
  /// Equality multipliers (unused).
  Eigen::VectorXd l;
};

/// Free-text description stored in /fclib_*/info (all three optional).
struct FclibInfo {
  /// Title.
  std::string title;
  /// Free description.
  std::string description;
  /// Mathematical information.
  std::string mathInfo;
  /// True when the three strings are empty.
  bool empty() const { return title.empty() && description.empty() && mathInfo.empty(); }
};

/// Which problem an FCLIB file holds.
enum class FclibForm { Local, Global };

/// True when `path` starts with the HDF5 signature (checked at the offsets HDF5
/// allows: 0, 512, 1024, ...). False for a missing or unreadable file.
bool isHdf5File(const std::string& path);

/// Local if /fclib_local exists, else Global if /fclib_global exists; throws
/// FclibFormatError otherwise (or when the file is not HDF5).
FclibForm fclibProblemForm(const std::string& path);

/// Reads /fclib_local. W becomes a SparseBlock matrix with spacedim×spacedim
/// blocks when its stored entries fill at least a quarter of the touched blocks
/// (mechanical problems), a Sparse matrix otherwise. Throws FclibFormatError
/// (also for a problem with the equality block V, R, s, which the local
/// FrictionContactProblem cannot hold).
FrictionContactProblem readFclibLocal(const std::string& path, FclibInfo* info = nullptr);

/// Writes `problem` as /fclib_local (W in compressed columns, every stored
/// nonzero, values bitwise) in a new file (an existing file is replaced), with
/// the non-empty vectors of `solution` under /solution and `info` under
/// /fclib_local/info when not empty. The solution vectors must have
/// problem.size() entries. Throws FclibFormatError on an I/O error,
/// std::invalid_argument on inconsistent sizes.
void writeFclibLocal(const FrictionContactProblem& problem, const std::string& path,
                     const FclibSolution& solution = {}, const FclibInfo& info = {});

/// Reads /fclib_global (M, H, vectors f → q, w → b, mu). Throws FclibFormatError,
/// also when the problem has equality constraints (a G matrix with columns).
GlobalFrictionContactProblem readFclibGlobal(const std::string& path, FclibInfo* info = nullptr);

/// Writes `problem` as /fclib_global (M and H in compressed columns, q as f, b as
/// w) in a new file, with /solution (v of size n, r and u of size m) and info.
void writeFclibGlobal(const GlobalFrictionContactProblem& problem, const std::string& path,
                      const FclibSolution& solution = {}, const FclibInfo& info = {});

/// The /solution group, or nullopt when the file has none. Throws FclibFormatError
/// when the file is not a readable HDF5 file or a solution vector is malformed.
std::optional<FclibSolution> readFclibSolution(const std::string& path);

}  // namespace moreau::numerics
