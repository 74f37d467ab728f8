// Relations on Newton–Euler bodies; docs/theory/newton-euler.md §3.
#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/Interaction.hpp>
#include <moreau/kernel/modeling/NewtonEulerDS.hpp>
#include <moreau/kernel/modeling/NewtonEulerR.hpp>

#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

namespace moreau {

NewtonEulerR::NewtonEulerR(OutputFunction h, JacobianFunction jachq)
    : h_(std::move(h)), C_(std::move(jachq)) {
  if (!h_) throw ModelError("NewtonEulerR: the output function h is empty");
}

void NewtonEulerR::setGapMotionBound(std::vector<double> rho) {
  for (const double r : rho)
    if (!(r >= 0.0) || !std::isfinite(r))
      throw ModelError(std::string(typeName()) +
                       "::setGapMotionBound: every ρ must be finite and >= 0, got " +
                       std::to_string(r));
  gapMotionBound_ = std::move(rho);
}

Eigen::Index NewtonEulerR::linkedStateSize(const DynamicalSystem& ds) const {
  if (!dynamic_cast<const NewtonEulerDS*>(&ds))
    throw ModelError(ds.description() + " is not a NewtonEulerDS, required by " + typeName());
  return NewtonEulerDS::twistDim;
}

void NewtonEulerR::initializeWorkspace(Interaction& inter) {
  RelationWorkspace& ws = inter.workspace();
  const Eigen::Index bodies = static_cast<Eigen::Index>(ws.offsets.size());
  ws.x = Eigen::VectorXd::Zero(NewtonEulerDS::qDim * bodies);
  ws.B = Eigen::MatrixXd::Zero(inter.dimension(), NewtonEulerDS::qDim * bodies);
  ws.gPlus = Eigen::VectorXd::Zero(NewtonEulerDS::qDim * bodies);
  ws.gMinus = ws.gPlus;
  if (h_ && !C_ && !jacobianByFiniteDifferences())
    throw ModelError(std::string(typeName()) + " of " + inter.description() +
                     ": no Jacobian C = ∇_q h given (pass one, or call "
                     "setJacobianByFiniteDifferences(true) before link)");
}

NewtonEulerDS& NewtonEulerR::linkedDS(Interaction& inter, std::size_t i) {
  return static_cast<NewtonEulerDS&>(*inter.dynamicalSystems()[i]);
}

void NewtonEulerR::gatherQ(Interaction& inter) {
  RelationWorkspace& ws = inter.workspace();
  for (std::size_t i = 0; i < ws.offsets.size(); ++i)
    ws.x.segment<7>(NewtonEulerDS::qDim * static_cast<Eigen::Index>(i)) = linkedDS(inter, i).q();
}

void NewtonEulerR::gatherV(Interaction& inter) {
  RelationWorkspace& ws = inter.workspace();
  for (std::size_t i = 0; i < ws.offsets.size(); ++i)
    ws.v.segment<6>(ws.offsets[i]) = linkedDS(inter, i).twist();
}

namespace {

// y(1) = C v, row by row, each a sum from +0 in column order: the bits of Eigen's
// matrix-vector product (ColMajor GEMV: per row, columns in order, from a zero accumulator)
// without its run-time dispatch, which dominated the product at these sizes (3 × 12);
// docs/kernel/performance.md, SpheresPile.
void velocityOutput(Interaction& inter) {
  const RelationWorkspace& ws = inter.workspace();
  Eigen::VectorXd& y = inter.y(1);
  const Eigen::Index rows = ws.C.rows(), cols = ws.C.cols();
  const double* C = ws.C.data();
  const double* v = ws.v.data();
  for (Eigen::Index i = 0; i < rows; ++i) {
    double sum = 0.0;
    for (Eigen::Index j = 0; j < cols; ++j) sum += C[i + j * rows] * v[j];
    y(i) = sum;
  }
}

}  // namespace

void NewtonEulerR::evaluateOutput(double t, Interaction& inter) {
  RelationWorkspace& ws = inter.workspace();
  h_(ws.x, ws.z, inter.y(0));
  checkOutput(inter, inter.y(0), inter.dimension(), "h", t);
}

void NewtonEulerR::evaluateJacobians(double t, Interaction& inter) {
  RelationWorkspace& ws = inter.workspace();
  const Eigen::Index m = inter.dimension();
  if (C_) {
    C_(ws.x, ws.z, ws.B);
    checkOutput(inter, ws.B, m, ws.x.size(), "jachq", t);
  } else {
    finiteDifference(
        [&](const Eigen::VectorXd& q, Eigen::VectorXd& y) {
          h_(q, ws.z, y);
          checkOutput(inter, y, m, "h", t);
        },
        ws.x, ws.yPlus, ws.yMinus, ws.B);
  }
  // H_i = C_i T(q_i): the q-columns 0..2 map to v_G, 3..6 to ½Ψ(p) Ω.
  for (std::size_t i = 0; i < ws.offsets.size(); ++i) {
    const Eigen::Index qo = NewtonEulerDS::qDim * static_cast<Eigen::Index>(i);
    ws.C.middleCols(ws.offsets[i], 6).noalias() =
        ws.B.middleCols(qo, 7) * NewtonEulerDS::T(ws.x.segment<7>(qo));
  }
}

void NewtonEulerR::computeOutput(double t, Interaction& inter, unsigned level) {
  checkLevel(inter, level, 1);
  gatherQ(inter);
  gatherZ(inter);
  if (level == 0) {
    evaluateOutput(t, inter);
    return;
  }
  evaluateJacobians(t, inter);
  gatherV(inter);
  velocityOutput(inter);
}

void NewtonEulerR::evaluateOutputAndJacobians(double t, Interaction& inter) {
  evaluateOutput(t, inter);
  evaluateJacobians(t, inter);
}

void NewtonEulerR::computeOutputs(double t, Interaction& inter) {
  checkLevel(inter, 1, 1);
  // q and twist of each body in one pass over the bodies (ws.v is not an input of the
  // evaluation).
  RelationWorkspace& ws = inter.workspace();
  for (std::size_t i = 0; i < ws.offsets.size(); ++i) {
    const NewtonEulerDS& ds = linkedDS(inter, i);
    ws.x.segment<7>(NewtonEulerDS::qDim * static_cast<Eigen::Index>(i)) = ds.q();
    ws.v.segment<6>(ws.offsets[i]) = ds.twist();
  }
  gatherZ(inter);
  evaluateOutputAndJacobians(t, inter);
  velocityOutput(inter);
}

void NewtonEulerR::computeJacobians(double t, Interaction& inter) {
  gatherQ(inter);
  gatherZ(inter);
  evaluateJacobians(t, inter);
}

void NewtonEulerR::computeInput(double t, Interaction& inter, unsigned level) {
  checkLevel(inter, level, 1);
  computeJacobians(t, inter);
  const RelationWorkspace& ws = inter.workspace();
  const auto& lambda = inter.lambda(level);
  for (std::size_t i = 0; i < ws.offsets.size(); ++i)
    linkedDS(inter, i).p(level).noalias() += ws.C.middleCols(ws.offsets[i], 6).transpose() * lambda;
}

const Eigen::MatrixXd& NewtonEulerR::jachqT(const Interaction& inter) const {
  return inter.workspace().C;
}

ConstColumnBlock NewtonEulerR::jachqTBlock(const Interaction& inter, std::size_t i) const {
  const RelationWorkspace& ws = inter.workspace();
  if (i >= ws.offsets.size())
    throw std::out_of_range(std::string(typeName()) + " of " + inter.description() +
                            ": no linked system " + std::to_string(i));
  return ws.C.middleCols(ws.offsets[i], ws.sizes[i]);
}

const Eigen::MatrixXd& NewtonEulerR::jachq(const Interaction& inter) const {
  return inter.workspace().B;
}

}  // namespace moreau
