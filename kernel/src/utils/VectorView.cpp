#include <moreau/kernel/utils/VectorView.hpp>

#include <moreau/kernel/ModelError.hpp>

#include <string>

namespace moreau::detail {

void throwViewSizeMismatch(const ViewOwner& who, const char* action, Eigen::Index rows,
                           Eigen::Index cols, Eigen::Index expected) {
  std::string message = who.owner != nullptr ? who.owner : "vector view";
  if (who.number >= 0) message += " " + std::to_string(who.number);
  message += ": ";
  if (who.field != nullptr && who.field[0] != '\0') message += std::string(who.field) + ": ";
  message += std::string(action) + " ";
  message += cols == 1 ? "a vector of size " + std::to_string(rows)
                       : "a " + std::to_string(rows) + " x " + std::to_string(cols) + " expression";
  message += ", the view has size " + std::to_string(expected) +
             " (a view into the model's store has a fixed size)";
  throw ModelError(message);
}

}  // namespace moreau::detail
