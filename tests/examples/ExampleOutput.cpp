#include "ExampleOutput.hpp"

#include <sys/wait.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace moreau::tests {

Table readTable(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read '" + path + "'");
  Table table;
  std::string line;
  std::size_t lineNumber = 0;
  while (std::getline(in, line)) {
    ++lineNumber;
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::vector<double> row;
    std::string token;
    while (fields >> token) {
      std::size_t used = 0;
      double value = 0;
      try {
        value = std::stod(token, &used);
      } catch (const std::exception&) {
        used = 0;
      }
      if (used != token.size()) {
        throw std::runtime_error(path + ":" + std::to_string(lineNumber) + ": not a number '" +
                                 token + "'");
      }
      row.push_back(value);
    }
    table.push_back(std::move(row));
  }
  return table;
}

Run runExample(const std::string& exe, const std::string& args, const std::string& name) {
  Run run;
  const std::string dir = MOREAU_EXAMPLES_OUTPUT_DIR;
  run.output = dir + "/" + name + ".dat";
  const std::string log = dir + "/" + name + ".log";
  const std::string command =
      "'" + exe + "' " + args + " --output '" + run.output + "' > '" + log + "'";
  const int status = std::system(command.c_str());
  run.exitCode = (status != -1 && WIFEXITED(status)) ? WEXITSTATUS(status) : -1;
  std::ifstream in(log);
  std::ostringstream text;
  text << in.rdbuf();
  run.stdOut = text.str();
  return run;
}

}  // namespace moreau::tests
