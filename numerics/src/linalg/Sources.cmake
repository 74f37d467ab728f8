target_sources(moreau_numerics PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/SparseBlockMatrix.cpp
  ${CMAKE_CURRENT_LIST_DIR}/SparseLinearSolver.cpp)
