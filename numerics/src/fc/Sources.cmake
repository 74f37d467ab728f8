# Friction contact area: shared by several engineers — add lines, never rewrite.
target_sources(moreau_numerics PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/FrictionContactProblem.cpp
)
