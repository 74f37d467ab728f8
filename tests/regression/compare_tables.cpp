// moreau_regression_compare RESULT REFERENCE [--tolerance T | --tolerance T0,T1,...] [--prefix]
//
// Compares an example's result table with its golden file, column by column, with an absolute
// tolerance per column (one value for all columns, or one per column), using moreau::io's
// readTable/compareTables. Prints the shapes, the first differing row and column (0-based, as in
// the file: row 0 is the first line) with both values, and the maximum difference per column with
// its row. --prefix compares only the first rows of RESULT, as many as REFERENCE has (the full run
// of a long example against the golden file of its short CI variant).
// Exit code: 0 within tolerance, 1 differs (or a file cannot be read), 2 bad command line.
#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/io/ResultTable.hpp>

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <sstream>
#include <string>
#include <vector>

namespace {

[[noreturn]] void usage(const std::string& message) {
  std::fprintf(stderr,
               "moreau_regression_compare: %s\nusage: moreau_regression_compare RESULT REFERENCE "
               "[--tolerance T|T0,T1,...] [--prefix]\n",
               message.c_str());
  std::exit(2);
}

Eigen::VectorXd parseTolerances(const std::string& text) {
  std::vector<double> values;
  std::stringstream list(text);
  std::string item;
  while (std::getline(list, item, ',')) {
    std::size_t used = 0;
    double v = -1;
    try {
      v = std::stod(item, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used != item.size() || !(v >= 0)) usage("bad tolerance '" + item + "'");
    values.push_back(v);
  }
  if (values.empty()) usage("--tolerance needs a value");
  return Eigen::Map<const Eigen::VectorXd>(values.data(), static_cast<Eigen::Index>(values.size()));
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> files;
  Eigen::VectorXd tolerances = Eigen::VectorXd::Constant(1, 1e-9);
  bool prefix = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--tolerance") {
      if (i + 1 >= argc) usage("--tolerance needs a value");
      tolerances = parseTolerances(argv[++i]);
    } else if (arg == "--prefix") {
      prefix = true;
    } else if (!arg.empty() && arg[0] == '-') {
      usage("unknown option '" + arg + "'");
    } else {
      files.push_back(arg);
    }
  }
  if (files.size() != 2) usage("expects RESULT and REFERENCE");
  try {
    Eigen::MatrixXd result = moreau::io::readTable(files[0]);
    const Eigen::MatrixXd reference = moreau::io::readTable(files[1]);
    if (prefix && result.rows() > reference.rows()) {
      const Eigen::MatrixXd head = result.topRows(reference.rows());
      result = head;
    }
    const moreau::io::TableComparison c = moreau::io::compareTables(result, reference, tolerances);
    std::printf("result %s (%ld x %ld), reference %s (%ld x %ld)%s\n", files[0].c_str(), c.rows,
                c.columns, files[1].c_str(), c.referenceRows, c.referenceColumns,
                prefix ? ", first rows only" : "");
    if (c.sameShape && c.firstDifferingRow >= 0) {
      const long i = c.firstDifferingRow, j = c.firstDifferingColumn;
      std::printf("first difference beyond tolerance: row %ld, column %ld: %.17g vs %.17g\n", i, j,
                  result(i, j), reference(i, j));
    }
    std::printf("%s\n", c.report().c_str());
    std::printf("%s\n", c.withinTolerance ? "PASS" : "FAIL");
    return c.withinTolerance ? 0 : 1;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "moreau_regression_compare: %s\n", e.what());
    return 1;
  }
}
