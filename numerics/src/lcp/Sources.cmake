target_sources(moreau_numerics PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/LinearComplementarityProblem.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LcpError.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Lemke.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ProjectedGaussSeidel.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LcpDriver.cpp)
