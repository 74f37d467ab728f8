#include <moreau/kernel/modeling/FirstOrderNonLinearR.hpp>

#include <utility>

namespace moreau {

FirstOrderNonLinearR::FirstOrderNonLinearR(VectorFunction h, VectorFunction g, MatrixFunction jachx,
                                           MatrixFunction jachlambda, MatrixFunction jacgx,
                                           MatrixFunction jacglambda) {
  setFunctions(std::move(h), std::move(g), true, true, std::move(jachx), std::move(jachlambda),
               std::move(jacglambda), std::move(jacgx));
}

}  // namespace moreau
