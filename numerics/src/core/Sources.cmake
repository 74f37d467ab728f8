target_sources(moreau_numerics PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/SolverResult.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SolverName.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SolverOptions.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Matrix.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ParallelFor.cpp)
