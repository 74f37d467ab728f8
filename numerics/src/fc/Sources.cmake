# Friction contact area: shared by several engineers — add lines, never rewrite.
target_sources(moreau_numerics PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/FrictionContactProblem.cpp
  ${CMAKE_CURRENT_LIST_DIR}/GlobalCommon.cpp
  ${CMAKE_CURRENT_LIST_DIR}/GlobalNewton.cpp
  ${CMAKE_CURRENT_LIST_DIR}/GlobalProjection.cpp
  ${CMAKE_CURRENT_LIST_DIR}/GlobalAdmm.cpp
  ${CMAKE_CURRENT_LIST_DIR}/LocalContact.cpp
  ${CMAKE_CURRENT_LIST_DIR}/FcError.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Nsgs.cpp
  ${CMAKE_CURRENT_LIST_DIR}/Fc2dLcp.cpp
  ${CMAKE_CURRENT_LIST_DIR}/FrictionContactSolvers.cpp
  ${CMAKE_CURRENT_LIST_DIR}/GlobalFrictionContactProblem.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ProblemGenerator.cpp
  ${CMAKE_CURRENT_LIST_DIR}/FcAutoPlan.cpp
  ${CMAKE_CURRENT_LIST_DIR}/GlobalFrictionContactSolvers.cpp
  ${CMAKE_CURRENT_LIST_DIR}/GlobalFrictionContactAdmm.cpp
  ${CMAKE_CURRENT_LIST_DIR}/FrictionContactSolver.cpp
)
