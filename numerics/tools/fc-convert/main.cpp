// moreau-fc-convert: converts friction-contact problems between the Siconos .dat
// text format and FCLIB HDF5 files. The input format is detected from the file
// contents (HDF5 signature), the output format from the extension (.hdf5/.h5 →
// FCLIB, anything else → .dat). See docs/numerics/friction-contact.md.
#include <moreau/numerics/io/FclibFile.hpp>
#include <moreau/numerics/io/FrictionContactFile.hpp>

#include <cstdio>
#include <cstring>
#include <exception>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace mn = moreau::numerics;

namespace {

const char* kUsage =
    "usage: moreau-fc-convert [options] INPUT OUTPUT\n"
    "Converts a friction-contact problem (2D or 3D) between the Siconos .dat format\n"
    "and FCLIB HDF5. INPUT is read as FCLIB when it is an HDF5 file, as .dat otherwise;\n"
    "OUTPUT is written as FCLIB when its name ends in .hdf5 or .h5, as .dat otherwise.\n"
    "Options:\n"
    "  --storage keep|dense|sbm|sparse  matrix storage of a .dat output (default keep:\n"
    "                                  FCLIB inputs give sparse-block W when blocked)\n"
    "  --title TEXT, --description TEXT  info stored in an FCLIB output\n"
    "  -h, --help                        this text\n"
    "FCLIB global problems (/fclib_global) can only be copied to another FCLIB file;\n"
    "an FCLIB /solution group is carried over to an FCLIB output.\n";

bool endsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

bool isFclibName(const std::string& path) {
  return endsWith(path, ".hdf5") || endsWith(path, ".h5") || endsWith(path, ".HDF5");
}

// W in the storage asked for by --storage ("keep": as it is).
mn::FrictionContactProblem withStorage(const mn::FrictionContactProblem& problem,
                                       const std::string& storage) {
  const mn::Matrix& W = problem.W();
  if (storage == "keep") return problem;
  mn::Matrix converted;
  if (storage == "dense") {
    converted = mn::Matrix(W.toDense());
  } else if (storage == "sparse") {
    converted = mn::Matrix(W.toSparse());
  } else {
    const std::vector<Eigen::Index> sizes(static_cast<std::size_t>(problem.numberOfContacts()),
                                          problem.dimension());
    converted = mn::Matrix(W.toSparseBlock(sizes, sizes));
  }
  return mn::FrictionContactProblem(problem.dimension(), std::move(converted), problem.q(),
                                    problem.mu());
}

}  // namespace

int main(int argc, char** argv) {
  std::string storage = "keep";
  mn::FclibInfo info;
  std::string input;
  std::string output;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&](const char* name) -> std::string {
      if (i + 1 >= argc) throw std::invalid_argument(std::string(name) + " needs a value");
      return argv[++i];
    };
    try {
      if (arg == "-h" || arg == "--help") {
        std::fputs(kUsage, stdout);
        return 0;
      } else if (arg == "--storage") {
        storage = value("--storage");
        if (storage != "keep" && storage != "dense" && storage != "sbm" && storage != "sparse")
          throw std::invalid_argument("--storage must be keep, dense, sbm or sparse");
      } else if (arg == "--title") {
        info.title = value("--title");
      } else if (arg == "--description") {
        info.description = value("--description");
      } else if (!arg.empty() && arg[0] == '-') {
        throw std::invalid_argument("unknown option " + arg);
      } else if (input.empty()) {
        input = arg;
      } else if (output.empty()) {
        output = arg;
      } else {
        throw std::invalid_argument("too many arguments");
      }
    } catch (const std::exception& e) {
      std::fprintf(stderr, "moreau-fc-convert: %s\n%s", e.what(), kUsage);
      return 2;
    }
  }
  if (input.empty() || output.empty()) {
    std::fputs(kUsage, stderr);
    return 2;
  }
  try {
    const bool fclibIn = mn::isHdf5File(input);
    const bool fclibOut = isFclibName(output);
    if (fclibIn && mn::fclibProblemForm(input) == mn::FclibForm::Global) {
      if (!fclibOut)
        throw std::runtime_error(input +
                                 ": a global FCLIB problem can only be written as FCLIB (.hdf5)");
      mn::FclibInfo inInfo;
      const mn::GlobalFrictionContactProblem problem = mn::readFclibGlobal(input, &inInfo);
      const auto solution = mn::readFclibSolution(input);
      mn::writeFclibGlobal(problem, output, solution.value_or(mn::FclibSolution{}),
                           info.empty() ? inInfo : info);
      std::printf("%s -> %s: global, dimension %d, %ld contacts, %ld dofs\n", input.c_str(),
                  output.c_str(), problem.dimension, static_cast<long>(problem.numberOfContacts()),
                  static_cast<long>(problem.numberOfDofs()));
      return 0;
    }
    mn::FclibInfo inInfo;
    const mn::FrictionContactProblem problem =
        fclibIn ? mn::readFclibLocal(input, &inInfo) : mn::readFrictionContactFile(input);
    if (fclibOut) {
      mn::FclibSolution solution;
      if (fclibIn) solution = mn::readFclibSolution(input).value_or(mn::FclibSolution{});
      if (info.empty()) info = inInfo;
      if (info.empty()) info.title = "converted from " + input + " by moreau-fc-convert";
      mn::writeFclibLocal(problem, output, solution, info);
    } else {
      mn::writeFrictionContactFile(withStorage(problem, storage), output);
    }
    std::printf("%s -> %s: local, dimension %d, %ld contacts\n", input.c_str(), output.c_str(),
                problem.dimension(), static_cast<long>(problem.numberOfContacts()));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "moreau-fc-convert: %s\n", e.what());
    return 1;
  }
  return 0;
}
