#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/DynamicalSystem.hpp>
#include <moreau/kernel/modeling/Interaction.hpp>
#include <moreau/kernel/modeling/NonSmoothLaw.hpp>
#include <moreau/kernel/modeling/Relation.hpp>

#include <stdexcept>
#include <utility>

namespace moreau {

namespace {
[[noreturn]] void throwLevel(const Interaction& inter, const char* what, unsigned level) {
  throw std::out_of_range(inter.description() + ": " + what + " level " + std::to_string(level) +
                          " out of range [0, 1]");
}
}  // namespace

Interaction::Interaction(std::shared_ptr<NonSmoothLaw> nslaw, std::shared_ptr<Relation> relation)
    : nslaw_(std::move(nslaw)), relation_(std::move(relation)) {
  if (!nslaw_) throw ModelError("Interaction: the nonsmooth law is null");
  if (!relation_) throw ModelError("Interaction: the relation is null");
  dimension_ = relation_->outputSize();
  if (dimension_ == 0) dimension_ = static_cast<Eigen::Index>(nslaw_->size());
  if (dimension_ <= 0 || dimension_ % static_cast<Eigen::Index>(nslaw_->size()) != 0)
    throw ModelError(std::string("Interaction: the ") + nslaw_->typeName() + " size " +
                     std::to_string(nslaw_->size()) + " does not divide the " +
                     relation_->typeName() + " output size " + std::to_string(dimension_));
  for (unsigned level = 0; level < 2; ++level) {
    y_[level] = Eigen::VectorXd::Zero(dimension_);
    lambda_[level] = Eigen::VectorXd::Zero(dimension_);
    yMemory_[level] = Eigen::VectorXd::Zero(dimension_);
  }
}

unsigned Interaction::numberOfRelations() const {
  return static_cast<unsigned>(dimension_ / static_cast<Eigen::Index>(nslaw_->size()));
}

const Eigen::VectorXd& Interaction::y(unsigned level) const {
  if (level >= y_.size()) throwLevel(*this, "y", level);
  return y_[level];
}
Eigen::VectorXd& Interaction::y(unsigned level) {
  if (level >= y_.size()) throwLevel(*this, "y", level);
  return y_[level];
}
const Eigen::VectorXd& Interaction::lambda(unsigned level) const {
  if (level >= lambda_.size()) throwLevel(*this, "lambda", level);
  return lambda_[level];
}
Eigen::VectorXd& Interaction::lambda(unsigned level) {
  if (level >= lambda_.size()) throwLevel(*this, "lambda", level);
  return lambda_[level];
}
const Eigen::VectorXd& Interaction::yMemory(unsigned level) const {
  if (level >= yMemory_.size()) throwLevel(*this, "yMemory", level);
  return yMemory_[level];
}

void Interaction::swapInMemory() {
  for (std::size_t level = 0; level < y_.size(); ++level) yMemory_[level] = y_[level];
}

std::string Interaction::description() const {
  std::string text = "Interaction";
  if (!name_.empty()) text += " '" + name_ + "'";
  if (isLinked())
    text += " (number " + std::to_string(number_) + ")";
  else
    text += " (not linked)";
  return text;
}

void Interaction::setLinks(unsigned number, std::vector<std::shared_ptr<DynamicalSystem>> ds) {
  number_ = number;
  ds_ = std::move(ds);
}

void Interaction::clearLinks() {
  number_ = 0;
  ds_.clear();
}

}  // namespace moreau
