// Generic mechanical problem: data and validation (docs/numerics/generic-mechanical.md).

#include <moreau/numerics/gmp/GenericMechanicalProblem.hpp>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

namespace moreau::numerics {

const char* toString(GmpBlockType type) {
  switch (type) {
    case GmpBlockType::Complementarity:
      return "complementarity";
    case GmpBlockType::Equality:
      return "equality";
    case GmpBlockType::FrictionContact2D:
      return "fc2d";
    case GmpBlockType::FrictionContact3D:
      return "fc3d";
    case GmpBlockType::Relay:
      return "relay";
  }
  return "?";
}

GmpBlock GmpBlock::equality(Eigen::Index n) {
  GmpBlock b;
  b.type = GmpBlockType::Equality;
  b.size = n;
  return b;
}

GmpBlock GmpBlock::complementarity(Eigen::Index n) {
  GmpBlock b;
  b.type = GmpBlockType::Complementarity;
  b.size = n;
  return b;
}

GmpBlock GmpBlock::relay(Eigen::VectorXd lb, Eigen::VectorXd ub) {
  GmpBlock b;
  b.type = GmpBlockType::Relay;
  b.size = lb.size();
  b.lb = std::move(lb);
  b.ub = std::move(ub);
  return b;
}

GmpBlock GmpBlock::frictionContact(int dimension, double mu) {
  GmpBlock b;
  b.type = dimension == 2 ? GmpBlockType::FrictionContact2D : GmpBlockType::FrictionContact3D;
  b.size = dimension;
  b.mu = mu;
  if (dimension != 2 && dimension != 3)
    throw std::invalid_argument("GmpBlock::frictionContact: dimension " +
                                std::to_string(dimension) + " (2 or 3 expected)");
  return b;
}

GenericMechanicalProblem::GenericMechanicalProblem(Matrix M, Eigen::VectorXd q,
                                                   std::vector<GmpBlock> blocks)
    : M_(std::move(M)), q_(std::move(q)), blocks_(std::move(blocks)) {
  computeOffsets();
  validate();
}

void GenericMechanicalProblem::computeOffsets() {
  offsets_.resize(blocks_.size() + 1);
  offsets_[0] = 0;
  for (std::size_t b = 0; b < blocks_.size(); ++b)
    offsets_[b + 1] = offsets_[b] + std::max<Index>(blocks_[b].size, 0);
}

void GenericMechanicalProblem::setBlocks(const std::vector<GmpBlock>& blocks) {
  blocks_.resize(blocks.size());
  for (std::size_t b = 0; b < blocks.size(); ++b) {
    GmpBlock& dst = blocks_[b];
    dst.type = blocks[b].type;
    dst.size = blocks[b].size;
    dst.mu = blocks[b].mu;
    dst.lb = blocks[b].lb;  // reuses the storage when the size is unchanged
    dst.ub = blocks[b].ub;
  }
  computeOffsets();
}

double& GenericMechanicalProblem::mu(Index b) {
  if (b < 0 || b >= numberOfBlocks())
    throw std::invalid_argument("GenericMechanicalProblem::mu: block " + std::to_string(b) +
                                " out of range (" + std::to_string(numberOfBlocks()) + " blocks)");
  GmpBlock& blk = blocks_[static_cast<std::size_t>(b)];
  if (blk.type != GmpBlockType::FrictionContact2D && blk.type != GmpBlockType::FrictionContact3D)
    throw std::invalid_argument("GenericMechanicalProblem::mu: block " + std::to_string(b) +
                                " is a " + toString(blk.type) + " block, not a friction block");
  return blk.mu;
}

void GenericMechanicalProblem::validate() const {
  const std::string who = "GenericMechanicalProblem: ";
  if (M_.rows() != M_.cols())
    throw std::invalid_argument(who + "M is " + std::to_string(M_.rows()) + "x" +
                                std::to_string(M_.cols()) + ", not square");
  if (q_.size() != M_.rows())
    throw std::invalid_argument(who + "q has " + std::to_string(q_.size()) +
                                " entries for a matrix M of size " + std::to_string(M_.rows()));
  if (offsets_.size() != blocks_.size() + 1)
    throw std::logic_error(who + "block offsets out of date");
  Index total = 0;
  for (std::size_t k = 0; k < blocks_.size(); ++k) {
    const GmpBlock& b = blocks_[k];
    const std::string name = "block " + std::to_string(k) + " (" + toString(b.type) + ")";
    if (b.size < 1)
      throw std::invalid_argument(who + name + " has size " + std::to_string(b.size) +
                                  " (>= 1 expected)");
    switch (b.type) {
      case GmpBlockType::Equality:
      case GmpBlockType::Complementarity:
        break;
      case GmpBlockType::FrictionContact2D:
      case GmpBlockType::FrictionContact3D: {
        const Index d = b.type == GmpBlockType::FrictionContact2D ? 2 : 3;
        if (b.size != d)
          throw std::invalid_argument(who + name + " has size " + std::to_string(b.size) +
                                      " (a friction block is one contact of size " +
                                      std::to_string(d) + ")");
        if (!std::isfinite(b.mu) || b.mu < 0.0)
          throw std::invalid_argument(who + name + " has friction coefficient mu = " +
                                      std::to_string(b.mu) + " (finite and >= 0 expected)");
        break;
      }
      case GmpBlockType::Relay: {
        if (b.lb.size() != b.size || b.ub.size() != b.size)
          throw std::invalid_argument(who + name + " of size " + std::to_string(b.size) + " has " +
                                      std::to_string(b.lb.size()) + " lower and " +
                                      std::to_string(b.ub.size()) + " upper bounds");
        for (Index i = 0; i < b.size; ++i) {
          const double lo = b.lb[i], hi = b.ub[i];
          if (std::isnan(lo) || std::isnan(hi) || lo > hi || lo == INFINITY || hi == -INFINITY)
            throw std::invalid_argument(who + name + " row " + std::to_string(i) +
                                        " has invalid bounds [" + std::to_string(lo) + ", " +
                                        std::to_string(hi) + "]");
        }
        break;
      }
      default:
        throw std::invalid_argument(who + name + " has an unknown type " +
                                    std::to_string(static_cast<int>(b.type)));
    }
    total += b.size;
  }
  if (total != q_.size())
    throw std::invalid_argument(who + "the block sizes add up to " + std::to_string(total) +
                                ", the problem has " + std::to_string(q_.size()) + " unknowns");
}

}  // namespace moreau::numerics
