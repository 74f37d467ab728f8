#include <moreau/kernel/ModelError.hpp>
#include <moreau/kernel/modeling/Interaction.hpp>
#include <moreau/kernel/modeling/LagrangianDS.hpp>
#include <moreau/kernel/modeling/LagrangianR.hpp>

#include <string>

namespace moreau {

Eigen::Index LagrangianR::linkedStateSize(const DynamicalSystem& ds) const {
  const auto* lds = dynamic_cast<const LagrangianDS*>(&ds);
  if (!lds)
    throw ModelError(ds.description() + " is not a LagrangianDS, required by " + typeName());
  return lds->ndof();
}

LagrangianDS& LagrangianR::linkedDS(Interaction& inter, std::size_t i) {
  return static_cast<LagrangianDS&>(*inter.dynamicalSystems()[i]);
}

void LagrangianR::gatherQ(Interaction& inter) {
  RelationWorkspace& ws = inter.workspace();
  for (std::size_t i = 0; i < ws.offsets.size(); ++i)
    ws.x.segment(ws.offsets[i], ws.sizes[i]) = linkedDS(inter, i).q();
}

void LagrangianR::gatherV(Interaction& inter) {
  RelationWorkspace& ws = inter.workspace();
  for (std::size_t i = 0; i < ws.offsets.size(); ++i)
    ws.v.segment(ws.offsets[i], ws.sizes[i]) = linkedDS(inter, i).velocity();
}

void LagrangianR::velocityOutput(Interaction& inter) const {
  const RelationWorkspace& ws = inter.workspace();
  Eigen::VectorXd& y1 = inter.y(1);
  y1.setZero();
  for (std::size_t i = 0; i < ws.offsets.size(); ++i)
    y1.noalias() +=
        ws.C.middleCols(ws.offsets[i], ws.sizes[i]) * ws.v.segment(ws.offsets[i], ws.sizes[i]);
  if (hasTimeDerivative()) y1 += ws.hDot;
  if (hasJachlambda()) y1.noalias() += ws.D * inter.lambda(1);
}

void LagrangianR::computeInput(double t, Interaction& inter, unsigned level) {
  checkLevel(inter, level, 1);
  if (!hasConstantJacobians()) computeJacobians(t, inter);
  const RelationWorkspace& ws = inter.workspace();
  const auto& lambda = inter.lambda(level);
  for (std::size_t i = 0; i < ws.offsets.size(); ++i)
    linkedDS(inter, i).p(level).noalias() +=
        ws.C.middleCols(ws.offsets[i], ws.sizes[i]).transpose() * lambda;
}

const Eigen::MatrixXd& LagrangianR::jachq(const Interaction& inter) const {
  return inter.workspace().C;
}

ConstColumnBlock LagrangianR::jachqBlock(const Interaction& inter, std::size_t i) const {
  const RelationWorkspace& ws = inter.workspace();
  if (i >= ws.offsets.size())
    throw std::out_of_range(std::string(typeName()) + " of " + inter.description() +
                            ": no linked system " + std::to_string(i));
  return ws.C.middleCols(ws.offsets[i], ws.sizes[i]);
}

const Eigen::MatrixXd& LagrangianR::jachlambda(const Interaction& inter) const {
  return inter.workspace().D;
}

const Eigen::VectorXd& LagrangianR::dhdt(const Interaction& inter) const {
  return inter.workspace().hDot;
}

}  // namespace moreau
