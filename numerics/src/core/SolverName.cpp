#include <moreau/numerics/SolverName.hpp>

namespace moreau::numerics {

std::string normalizeSolverName(const std::string& name) {
  std::string lower = name;
  for (char& c : lower)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return lower;
}

}  // namespace moreau::numerics
