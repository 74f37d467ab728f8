#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/DynamicalSystem.hpp>
#include <moreau/kernel/modeling/Interaction.hpp>
#include <moreau/kernel/modeling/Relation.hpp>

#include <sstream>
#include <stdexcept>
#include <string>

namespace moreau {

Relation::~Relation() = default;

void Relation::setJacobianByFiniteDifferences(bool enabled, double eps) {
  if (!std::isfinite(eps) || eps <= 0.0) {
    std::ostringstream os;
    os << typeName() << ": finite-difference step eps = " << eps << " must be finite and > 0";
    throw ModelError(os.str());
  }
  fd_ = enabled;
  fdEps_ = eps;
}

void Relation::initialize(Interaction& inter) {
  const auto& systems = inter.dynamicalSystems();
  if (systems.empty())
    throw ModelError(std::string(typeName()) + ": " + inter.description() +
                     " is not linked to any dynamical system");
  RelationWorkspace& ws = inter.workspace();
  const bool lagrangian = relationType() != RelationType::FirstOrder;  // or NewtonEuler
  std::vector<Eigen::Index> offsets, sizes;
  Eigen::Index N = 0, zSize = 0;
  std::string list;
  for (const auto& ds : systems) {
    const Eigen::Index n = linkedStateSize(*ds);  // throws on a wrong system type
    offsets.push_back(N);
    sizes.push_back(n);
    N += n;
    zSize += ds->z().size();
    list += (list.empty() ? "" : " + ") + ds->description() +
            (lagrangian ? " ndof " : " dimension ") + std::to_string(n);
  }
  if (inputSize() != 0 && inputSize() != N)
    throw ModelError(inter.description() + ": " + typeName() + " " + stateMatrixName() + " has " +
                     std::to_string(inputSize()) + " columns but the linked systems have " +
                     std::to_string(N) +
                     (lagrangian ? " degrees of freedom (" : " state components (") + list + ")");
  const Eigen::Index m = inter.dimension();
  if (outputSize() != 0 && outputSize() != m)
    throw ModelError(inter.description() + ": " + typeName() + " output size " +
                     std::to_string(outputSize()) + " differs from the interaction dimension " +
                     std::to_string(m));
  ws.offsets = std::move(offsets);
  ws.sizes = std::move(sizes);
  ws.stateSize = N;
  ws.zSize = zSize;
  ws.x = Eigen::VectorXd::Zero(N);
  ws.v = lagrangian ? Eigen::VectorXd::Zero(N) : Eigen::VectorXd();
  ws.z = Eigen::VectorXd::Zero(zSize);
  ws.input = Eigen::VectorXd::Zero(N);
  ws.hDot = Eigen::VectorXd::Zero(m);
  ws.C = Eigen::MatrixXd::Zero(m, N);
  ws.D = Eigen::MatrixXd::Zero(m, m);
  ws.B = lagrangian ? Eigen::MatrixXd() : Eigen::MatrixXd::Zero(N, m);
  ws.K = Eigen::MatrixXd();
  ws.yPlus = Eigen::VectorXd::Zero(m);
  ws.yMinus = Eigen::VectorXd::Zero(m);
  ws.gPlus = Eigen::VectorXd::Zero(N);
  ws.gMinus = Eigen::VectorXd::Zero(N);
  ws.lambda = Eigen::VectorXd::Zero(m);
  initializeWorkspace(inter);
}

void Relation::initializeWorkspace(Interaction& /*inter*/) {}

void Relation::checkOutput(const Interaction& inter, Eigen::VectorXd& out, Eigen::Index size,
                           const char* what, double t) const {
  if (out.size() != size) {
    const Eigen::Index got = out.size();
    out = Eigen::VectorXd::Zero(size);
    std::ostringstream os;
    os << typeName() << " of " << inter.description() << ": the function " << what
       << " resized its output to " << got << " at t = " << t << " (expected " << size << ")";
    throw ModelError(os.str());
  }
  if (!out.allFinite()) {
    std::ostringstream os;
    os << typeName() << " of " << inter.description() << ": the function " << what
       << " returned a non-finite value at t = " << t;
    throw ModelError(os.str());
  }
}

void Relation::checkOutput(const Interaction& inter, Eigen::MatrixXd& out, Eigen::Index rows,
                           Eigen::Index cols, const char* what, double t) const {
  if (out.rows() != rows || out.cols() != cols) {
    std::ostringstream os;
    os << typeName() << " of " << inter.description() << ": the function " << what
       << " resized its output to " << out.rows() << "x" << out.cols() << " at t = " << t
       << " (expected " << rows << "x" << cols << ")";
    out = Eigen::MatrixXd::Zero(rows, cols);
    throw ModelError(os.str());
  }
  if (!out.allFinite()) {
    std::ostringstream os;
    os << typeName() << " of " << inter.description() << ": the function " << what
       << " returned a non-finite value at t = " << t;
    throw ModelError(os.str());
  }
}

void Relation::gatherZ(Interaction& inter) const {
  RelationWorkspace& ws = inter.workspace();
  Eigen::Index offset = 0;
  for (const auto& ds : inter.dynamicalSystems()) {
    const Eigen::Index n = ds->z().size();
    if (offset + n > ws.zSize)
      throw ModelError(std::string(typeName()) + " of " + inter.description() + ": z of " +
                       ds->description() +
                       " changed size after link (the relation was sized for a total z of " +
                       std::to_string(ws.zSize) + ")");
    ws.z.segment(offset, n) = ds->z();
    offset += n;
  }
}

void Relation::checkLevel(const Interaction& inter, unsigned level, unsigned maxLevel) const {
  if (level > maxLevel)
    throw std::out_of_range(std::string(typeName()) + " of " + inter.description() + ": level " +
                            std::to_string(level) + " out of range [0, " +
                            std::to_string(maxLevel) + "]");
}

}  // namespace moreau
