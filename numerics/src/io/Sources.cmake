target_sources(moreau_numerics PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/DatTokenizer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/NumericsMatrixFile.cpp
  ${CMAKE_CURRENT_LIST_DIR}/DatFile.cpp
  ${CMAKE_CURRENT_LIST_DIR}/MlcpFile.cpp
  ${CMAKE_CURRENT_LIST_DIR}/RelayFile.cpp
  ${CMAKE_CURRENT_LIST_DIR}/FrictionContactFile.cpp
  ${CMAKE_CURRENT_LIST_DIR}/ProblemFile.cpp
  ${CMAKE_CURRENT_LIST_DIR}/FclibFile.cpp)
