#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/DynamicalSystem.hpp>
#include <moreau/kernel/modeling/Interaction.hpp>
#include <moreau/kernel/modeling/MixedComplementarityConditionNSL.hpp>
#include <moreau/kernel/modeling/NonSmoothLaw.hpp>
#include <moreau/kernel/modeling/Relation.hpp>

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace moreau {

Interaction::Interaction(std::shared_ptr<NonSmoothLaw> nslaw, std::shared_ptr<Relation> relation)
    : nslaw_(std::move(nslaw)), relation_(std::move(relation)) {
  if (!nslaw_) throw ModelError("Interaction: the nonsmooth law is null");
  if (!relation_) throw ModelError("Interaction: the relation is null");
  dimension_ = relation_->outputSize();
  if (dimension_ == 0) dimension_ = static_cast<Eigen::Index>(nslaw_->size());
  if (dimension_ <= 0 || dimension_ % static_cast<Eigen::Index>(nslaw_->size()) != 0) {
    std::string hint;
    if (const auto* mixed = dynamic_cast<const MixedComplementarityConditionNSL*>(nslaw_.get()))
      hint = " (MixedComplementarityConditionNSL(equalities = " +
             std::to_string(mixed->equalitySize()) +
             ", complementarities = " + std::to_string(mixed->complementaritySize()) +
             "); Siconos's MixedComplementarityConditionNSL(size, eqSize) is "
             "MixedComplementarityConditionNSL(eqSize, size - eqSize) in Moreau)";
    throw ModelError(std::string("Interaction: the ") + nslaw_->typeName() + " size " +
                     std::to_string(nslaw_->size()) + " does not divide the " +
                     relation_->typeName() + " output size " + std::to_string(dimension_) + hint);
  }
  initializeMemory(2, 2, 1);
}

void Interaction::initializeMemory(unsigned outputLevels, unsigned inputLevels, unsigned steps) {
  outputLevels = std::max(outputLevels, 2u);
  inputLevels = std::max(inputLevels, 2u);
  steps = std::max(steps, 1u);
  ++memoryVersion_;
  while (y_.size() < outputLevels) y_.push_back(Eigen::VectorXd::Zero(dimension_));
  while (lambda_.size() < inputLevels) lambda_.push_back(Eigen::VectorXd::Zero(dimension_));
  while (yMemory_.size() < steps) yMemory_.emplace_back();
  for (auto& step : yMemory_)
    while (step.size() < y_.size()) step.push_back(Eigen::VectorXd::Zero(dimension_));
}

unsigned Interaction::numberOfRelations() const {
  return static_cast<unsigned>(dimension_ / static_cast<Eigen::Index>(nslaw_->size()));
}

void Interaction::throwLevel(const char* what, unsigned level, std::size_t levels) const {
  throw std::out_of_range(description() + ": " + what + " level " + std::to_string(level) +
                          " out of range [0, " + std::to_string(levels - 1) + "]");
}

const Eigen::VectorXd& Interaction::yMemory(unsigned level, unsigned step) const {
  if (step >= yMemory_.size())
    throw std::out_of_range(description() + ": yMemory step " + std::to_string(step) +
                            " out of range [0, " + std::to_string(yMemory_.size() - 1) + "]");
  if (level >= yMemory_[step].size()) throwLevel("yMemory", level, yMemory_[step].size());
  return yMemory_[step][level];
}

void Interaction::swapInMemory() {
  ++memoryVersion_;
  // Oldest step <- ... <- step 0 <- y, by swapping buffers (no allocation).
  for (std::size_t s = yMemory_.size() - 1; s > 0; --s) yMemory_[s].swap(yMemory_[s - 1]);
  // Same sizes (initializeMemory): a plain copy, no resize check.
  std::vector<Eigen::VectorXd>& memory = yMemory_[0];
  for (std::size_t level = 0; level < y_.size(); ++level) {
    if (memory[level].size() != y_[level].size()) {  // y resized by a user
      memory[level] = y_[level];
      continue;
    }
    const double* from = y_[level].data();
    double* to = memory[level].data();
    for (Eigen::Index i = 0; i < memory[level].size(); ++i) to[i] = from[i];
  }
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
