# Generic mechanical problem (Siconos GenericMechanical): blocks of equality,
# complementarity, relay and friction-contact rows, NSGS over the blocks.
target_sources(moreau_numerics PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/GenericMechanicalProblem.cpp
  ${CMAKE_CURRENT_LIST_DIR}/GenericMechanicalSolvers.cpp
  ${CMAKE_CURRENT_LIST_DIR}/GenericMechanicalFile.cpp)
