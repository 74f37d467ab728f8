target_sources(moreau_numerics PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/MixedLinearComplementarityProblem.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MlcpError.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MlcpEnum.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MlcpPgs.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MlcpNewtonFb.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MlcpLemke.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MlcpDriver.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SemismoothNewton.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MlcpSolver.cpp)
