target_sources(moreau_numerics PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/RelayProblem.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RelayError.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RelayPgs.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RelayLemke.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RelayNewton.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RelayDriver.cpp)
