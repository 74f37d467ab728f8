#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/simulation/OneStepNSProblem.hpp>
#include <moreau/numerics/SolverName.hpp>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <stdexcept>
#include <utility>

namespace moreau {

OneStepNSProblem::~OneStepNSProblem() = default;

void OneStepNSProblem::setNumericsSolverOptions(const numerics::SolverOptions& options) {
  numerics::SolverOptions checked = options;
  const std::string name = numerics::normalizeSolverName(options.solver);
  const auto names = solverNames();
  if (std::find(names.begin(), names.end(), name) == names.end())
    throw ModelError(numerics::unknownSolverMessage(typeName(), options.solver, names));
  checked.solver = name;
  try {
    checked.validate();
  } catch (const std::invalid_argument& e) {
    throw ModelError(std::string(typeName()) + ": invalid numerics solver options: " + e.what());
  }
  options_ = std::move(checked);
  ++optionsVersion_;
}

void OneStepNSProblem::setSolver(const std::string& solver) {
  numerics::SolverOptions options = options_;
  options.solver = solver;
  setNumericsSolverOptions(options);
}

void OneStepNSProblem::setTolerance(double tolerance) {
  numerics::SolverOptions options = options_;
  options.tolerance = tolerance;
  setNumericsSolverOptions(options);
}

void OneStepNSProblem::setMaxIterations(int maxIterations) {
  numerics::SolverOptions options = options_;
  options.maxIterations = maxIterations;
  setNumericsSolverOptions(options);
}

void OneStepNSProblem::setDefaultSolver(const std::string& solver) {
  setSolver(solver);
  result_ = numerics::SolverResult();
  result_.status = numerics::SolverStatus::Converged;
  result_.solver = options_.solver;
}

const char* toString(DumpMode mode) {
  switch (mode) {
    case DumpMode::Never:
      return "never";
    case DumpMode::EveryStep:
      return "every-step";
    case DumpMode::OnFailure:
      return "on-failure";
  }
  return "?";
}

void OneStepNSProblem::setDump(DumpMode mode, const std::string& pattern) {
  if (mode != DumpMode::Never && pattern.empty())
    throw ModelError(std::string(typeName()) + "::setDump: mode " + toString(mode) +
                     " needs a directory or a file-name pattern");
  dumpMode_ = mode;
  dumpPattern_ = pattern;
  dumpCount_ = 0;
  lastDumpPath_.clear();
}

std::string OneStepNSProblem::dumpPath(const ProblemContext& ctx) const {
  std::string problem = typeName();
  for (char& c : problem) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  char step[32], time[64];
  std::snprintf(step, sizeof step, "%06zu", ctx.step);
  std::snprintf(time, sizeof time, "%.9g", ctx.tNext);
  if (dumpPattern_.find('{') == std::string::npos)
    return (std::filesystem::path(dumpPattern_) /
            (problem + "-" + toString(ctx.role) + "-" + step + dumpExtension()))
        .string();
  std::string path;
  for (std::size_t i = 0; i < dumpPattern_.size();) {
    const auto replace = [&](const char* key, const std::string& value) {
      const std::size_t n = std::char_traits<char>::length(key);
      if (dumpPattern_.compare(i, n, key) != 0) return false;
      path += value;
      i += n;
      return true;
    };
    if (replace("{step}", step) || replace("{time}", time) ||
        replace("{role}", toString(ctx.role)) || replace("{problem}", problem))
      continue;
    path += dumpPattern_[i++];
  }
  return path;
}

void OneStepNSProblem::writeProblem(const std::string& path) const {
  throw ModelError(std::string(typeName()) + ": no file format to write '" + path + "' in");
}

void OneStepNSProblem::dumpIfRequested(const ProblemContext& ctx) {
  if (dumpMode_ == DumpMode::Never || size() == 0) return;
  if (dumpMode_ == DumpMode::OnFailure && result_.converged()) return;
  const std::string path = dumpPath(ctx);
  const std::filesystem::path parent = std::filesystem::path(path).parent_path();
  std::error_code ec;
  if (!parent.empty()) std::filesystem::create_directories(parent, ec);
  if (ec)
    throw ModelError(std::string(typeName()) + ": cannot create the dump directory '" +
                     parent.string() + "': " + ec.message());
  writeProblem(path);
  lastDumpPath_ = path;
  ++dumpCount_;
}

}  // namespace moreau
