#include <moreau/numerics/SolverName.hpp>

namespace moreau::numerics {

std::string normalizeSolverName(const std::string& name) {
  std::string lower = name;
  for (char& c : lower)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return lower;
}

std::string unknownSolverMessage(const std::string& who, const std::string& name,
                                 const std::vector<std::string>& known) {
  std::string message = who + ": unknown solver '" + name + "' (known: ";
  for (std::size_t i = 0; i < known.size(); ++i) message += (i == 0 ? "" : ", ") + known[i];
  return message + ")";
}

}  // namespace moreau::numerics
