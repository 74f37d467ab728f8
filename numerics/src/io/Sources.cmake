target_sources(moreau_numerics PRIVATE
  ${CMAKE_CURRENT_LIST_DIR}/DatTokenizer.cpp
  ${CMAKE_CURRENT_LIST_DIR}/NumericsMatrixFile.cpp
  ${CMAKE_CURRENT_LIST_DIR}/DatFile.cpp)
