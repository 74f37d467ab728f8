target_sources(moreau_numerics PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/LinearComplementarityProblem.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LcpCommon.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LcpError.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Lemke.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ProjectedGaussSeidel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/BlockGaussSeidel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SemismoothNewton.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Enumerative.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Murty.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LcpPivoting.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LcpAuto.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LcpDriver.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LcpSolver.cpp)
