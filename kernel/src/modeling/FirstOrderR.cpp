#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/FirstOrderNonLinearDS.hpp>
#include <moreau/kernel/modeling/FirstOrderR.hpp>
#include <moreau/kernel/modeling/Interaction.hpp>

#include <stdexcept>
#include <string>
#include <utility>

namespace moreau {

Eigen::Index FirstOrderR::linkedStateSize(const DynamicalSystem& ds) const {
  if (!dynamic_cast<const FirstOrderNonLinearDS*>(&ds))
    throw ModelError(ds.description() + " is not a first-order system (FirstOrderNonLinearDS), " +
                     "required by " + typeName());
  return ds.dimension();
}

FirstOrderNonLinearDS& FirstOrderR::linkedDS(Interaction& inter, std::size_t i) {
  return static_cast<FirstOrderNonLinearDS&>(*inter.dynamicalSystems()[i]);
}

void FirstOrderR::setFunctions(VectorFunction h, VectorFunction g, bool lambdaInH, bool xInG,
                               MatrixFunction C, MatrixFunction D, MatrixFunction B,
                               MatrixFunction K) {
  if (!h) throw ModelError(std::string(typeName()) + ": the output function h is empty");
  if (!g) throw ModelError(std::string(typeName()) + ": the input function g is empty");
  h_ = std::move(h);
  g_ = std::move(g);
  lambdaInH_ = lambdaInH;
  xInG_ = xInG;
  C_ = std::move(C);
  D_ = std::move(D);
  B_ = std::move(B);
  K_ = std::move(K);
}

void FirstOrderR::setOutputFunction(VectorFunction h) {
  if (!h) throw ModelError(std::string(typeName()) + ": the output function h is empty");
  h_ = std::move(h);
}
void FirstOrderR::setInputFunction(VectorFunction g) {
  if (!g) throw ModelError(std::string(typeName()) + ": the input function g is empty");
  g_ = std::move(g);
}
void FirstOrderR::setJacobianFunction(Jacobian which, MatrixFunction J) {
  switch (which) {
    case Jacobian::C:
      C_ = std::move(J);
      break;
    case Jacobian::D:
      D_ = std::move(J);
      break;
    case Jacobian::B:
      B_ = std::move(J);
      break;
    case Jacobian::K:
      K_ = std::move(J);
      break;
  }
}

void FirstOrderR::initializeWorkspace(Interaction& inter) {
  RelationWorkspace& ws = inter.workspace();
  if (xInG_) ws.K = Eigen::MatrixXd::Zero(ws.stateSize, ws.stateSize);
  if (jacobianByFiniteDifferences()) return;
  const char* missing = !C_                   ? "C = ∇ₓh"
                        : (lambdaInH_ && !D_) ? "D = ∇_λh"
                        : !B_                 ? "B = ∇_λg"
                        : (xInG_ && !K_)      ? "K = ∇ₓg"
                                              : nullptr;
  if (missing)
    throw ModelError(std::string(typeName()) + " of " + inter.description() + ": no Jacobian " +
                     missing +
                     " given (pass one, or call setJacobianByFiniteDifferences(true) before link)");
}

void FirstOrderR::gather(Interaction& inter) const {
  RelationWorkspace& ws = inter.workspace();
  for (std::size_t i = 0; i < ws.offsets.size(); ++i)
    ws.x.segment(ws.offsets[i], ws.sizes[i]) = linkedDS(inter, i).x();
  ws.lambda = inter.lambda(0);
  gatherZ(inter);
}

void FirstOrderR::scatterInput(Interaction& inter) {
  const RelationWorkspace& ws = inter.workspace();
  for (std::size_t i = 0; i < ws.offsets.size(); ++i)
    linkedDS(inter, i).r(0) += ws.input.segment(ws.offsets[i], ws.sizes[i]);
}

void FirstOrderR::computeOutput(double t, Interaction& inter, unsigned level) {
  checkLevel(inter, level, 0);
  gather(inter);
  RelationWorkspace& ws = inter.workspace();
  h_(t, ws.x, ws.lambda, ws.z, inter.y(0));
  checkOutput(inter, inter.y(0), inter.dimension(), "h", t);
}

void FirstOrderR::computeInput(double t, Interaction& inter, unsigned level) {
  checkLevel(inter, level, 0);
  gather(inter);
  RelationWorkspace& ws = inter.workspace();
  g_(t, ws.x, ws.lambda, ws.z, ws.input);
  checkOutput(inter, ws.input, ws.stateSize, "g", t);
  scatterInput(inter);
}

void FirstOrderR::computeJacobians(double t, Interaction& inter) {
  gather(inter);
  RelationWorkspace& ws = inter.workspace();
  const Eigen::Index m = inter.dimension(), N = ws.stateSize;
  const bool fd = jacobianByFiniteDifferences();
  auto hOf = [&](const Eigen::VectorXd& x, const Eigen::VectorXd& lambda, Eigen::VectorXd& y) {
    h_(t, x, lambda, ws.z, y);
    checkOutput(inter, y, m, "h", t);
  };
  auto gOf = [&](const Eigen::VectorXd& x, const Eigen::VectorXd& lambda, Eigen::VectorXd& r) {
    g_(t, x, lambda, ws.z, r);
    checkOutput(inter, r, N, "g", t);
  };
  auto missing = [&](const char* what) {
    return ModelError(std::string(typeName()) + " of " + inter.description() + ": no Jacobian " +
                      what + " and finite differences are not enabled");
  };
  // C = ∇ₓh
  if (C_) {
    C_(t, ws.x, ws.lambda, ws.z, ws.C);
    checkOutput(inter, ws.C, m, N, "C", t);
  } else if (fd) {
    finiteDifference([&](const Eigen::VectorXd& x, Eigen::VectorXd& y) { hOf(x, ws.lambda, y); },
                     ws.x, ws.yPlus, ws.yMinus, ws.C);
  } else {
    throw missing("C");
  }
  // D = ∇_λh
  if (lambdaInH_) {
    if (D_) {
      D_(t, ws.x, ws.lambda, ws.z, ws.D);
      checkOutput(inter, ws.D, m, m, "D", t);
    } else if (fd) {
      finiteDifference([&](const Eigen::VectorXd& l, Eigen::VectorXd& y) { hOf(ws.x, l, y); },
                       ws.lambda, ws.yPlus, ws.yMinus, ws.D);
    } else {
      throw missing("D");
    }
  }
  // B = ∇_λg
  if (B_) {
    B_(t, ws.x, ws.lambda, ws.z, ws.B);
    checkOutput(inter, ws.B, N, m, "B", t);
  } else if (fd) {
    finiteDifference([&](const Eigen::VectorXd& l, Eigen::VectorXd& r) { gOf(ws.x, l, r); },
                     ws.lambda, ws.gPlus, ws.gMinus, ws.B);
  } else {
    throw missing("B");
  }
  // K = ∇ₓg
  if (xInG_) {
    if (K_) {
      K_(t, ws.x, ws.lambda, ws.z, ws.K);
      checkOutput(inter, ws.K, N, N, "K", t);
    } else if (fd) {
      finiteDifference([&](const Eigen::VectorXd& x, Eigen::VectorXd& r) { gOf(x, ws.lambda, r); },
                       ws.x, ws.gPlus, ws.gMinus, ws.K);
    } else {
      throw missing("K");
    }
  }
}

const Eigen::MatrixXd& FirstOrderR::C(const Interaction& inter) const {
  return inter.workspace().C;
}
const Eigen::MatrixXd& FirstOrderR::D(const Interaction& inter) const {
  return inter.workspace().D;
}
const Eigen::MatrixXd& FirstOrderR::B(const Interaction& inter) const {
  return inter.workspace().B;
}
const Eigen::MatrixXd& FirstOrderR::K(const Interaction& inter) const {
  return inter.workspace().K;
}

ConstColumnBlock FirstOrderR::Cblock(const Interaction& inter, std::size_t i) const {
  const RelationWorkspace& ws = inter.workspace();
  if (i >= ws.offsets.size())
    throw std::out_of_range(std::string(typeName()) + " of " + inter.description() +
                            ": no linked system " + std::to_string(i));
  return ws.C.middleCols(ws.offsets[i], ws.sizes[i]);
}

ConstRowBlock FirstOrderR::Bblock(const Interaction& inter, std::size_t i) const {
  const RelationWorkspace& ws = inter.workspace();
  if (i >= ws.offsets.size())
    throw std::out_of_range(std::string(typeName()) + " of " + inter.description() +
                            ": no linked system " + std::to_string(i));
  return ws.B.middleRows(ws.offsets[i], ws.sizes[i]);
}

}  // namespace moreau
