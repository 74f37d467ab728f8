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
  outputLevels = std::max({outputLevels, outputLevels_, 2u});
  inputLevels = std::max({inputLevels, inputLevels_, 2u});
  steps = std::max({steps, memorySteps_, 1u});
  ++memoryVersion_;
  if (outputLevels == outputLevels_ && inputLevels == inputLevels_ && steps == memorySteps_) return;
  // The vectors in the new order (see vector()): the existing ones moved to their new place,
  // the new ones zero.
  const unsigned total = outputLevels + inputLevels + steps * outputLevels;
  std::vector<Eigen::VectorXd> all(total, Eigen::VectorXd::Zero(dimension_));
  for (unsigned level = 0; level < outputLevels_; ++level) all[level].swap(vector(level));
  for (unsigned level = 0; level < inputLevels_; ++level)
    all[outputLevels + level].swap(vector(outputLevels_ + level));
  for (unsigned step = 0; step < memorySteps_; ++step)
    for (unsigned level = 0; level < outputLevels_; ++level)
      all[outputLevels + inputLevels + step * outputLevels + level].swap(
          vector(outputLevels_ + inputLevels_ + step * outputLevels_ + level));
  outputLevels_ = outputLevels;
  inputLevels_ = inputLevels;
  memorySteps_ = steps;
  moreVectors_.resize(total > kInlineVectors ? total - kInlineVectors : 0);
  for (unsigned k = 0; k < total; ++k) vector(k).swap(all[k]);
}

unsigned Interaction::numberOfRelations() const {
  return static_cast<unsigned>(dimension_ / static_cast<Eigen::Index>(nslaw_->size()));
}

void Interaction::throwLevel(const char* what, unsigned level, std::size_t levels) const {
  throw std::out_of_range(description() + ": " + what + " level " + std::to_string(level) +
                          " out of range [0, " + std::to_string(levels - 1) + "]");
}

const Eigen::VectorXd& Interaction::yMemory(unsigned level, unsigned step) const {
  if (step >= memorySteps_)
    throw std::out_of_range(description() + ": yMemory step " + std::to_string(step) +
                            " out of range [0, " + std::to_string(memorySteps_ - 1) + "]");
  if (level >= outputLevels_) throwLevel("yMemory", level, outputLevels_);
  return vector(outputLevels_ + inputLevels_ + step * outputLevels_ + level);
}

void Interaction::swapInMemory() {
  ++memoryVersion_;
  // Oldest step <- ... <- step 0 <- y, by swapping buffers (no allocation).
  const unsigned first = outputLevels_ + inputLevels_;  // memory step 0, level 0
  for (unsigned step = memorySteps_ - 1; step > 0; --step)
    for (unsigned level = 0; level < outputLevels_; ++level)
      vector(first + step * outputLevels_ + level)
          .swap(vector(first + (step - 1) * outputLevels_ + level));
  // Same sizes (initializeMemory): a plain copy, no resize check.
  for (unsigned level = 0; level < outputLevels_; ++level) {
    const Eigen::VectorXd& y = vector(level);
    Eigen::VectorXd& memory = vector(first + level);
    if (memory.size() != y.size()) {  // y resized by a user
      memory = y;
      continue;
    }
    const double* from = y.data();
    double* to = memory.data();
    for (Eigen::Index i = 0; i < memory.size(); ++i) to[i] = from[i];
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
