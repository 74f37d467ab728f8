# cmake -DCOMPARE=<moreau_regression_compare> -DWORK=<dir> -P CompareSelfTest.cmake
# Two 3x2 tables equal but for row 2, column 1 (by 1e-6): the tool must pass at 1e-5, fail at
# 1e-7 and name row 2, column 1; a shape mismatch must fail too.
file(WRITE ${WORK}/self_a.dat "0 1\n1 2\n2 3\n")
file(WRITE ${WORK}/self_b.dat "0 1\n1 2\n2 3.000001\n")
file(WRITE ${WORK}/self_c.dat "0 1\n1 2\n")
execute_process(COMMAND ${COMPARE} ${WORK}/self_a.dat ${WORK}/self_b.dat --tolerance 1e-5
  RESULT_VARIABLE code OUTPUT_VARIABLE out)
if(NOT code STREQUAL "0")
  message(FATAL_ERROR "tolerance 1e-5 should pass:\n${out}")
endif()
execute_process(COMMAND ${COMPARE} ${WORK}/self_a.dat ${WORK}/self_b.dat --tolerance 0,1e-7
  RESULT_VARIABLE code OUTPUT_VARIABLE out)
if(NOT code STREQUAL "1" OR NOT out MATCHES "row 2, column 1")
  message(FATAL_ERROR "tolerance 1e-7 should fail at row 2, column 1 (code ${code}):\n${out}")
endif()
execute_process(COMMAND ${COMPARE} ${WORK}/self_a.dat ${WORK}/self_c.dat
  RESULT_VARIABLE code OUTPUT_VARIABLE out)
if(NOT code STREQUAL "1")
  message(FATAL_ERROR "a shape mismatch should fail:\n${out}")
endif()
execute_process(COMMAND ${COMPARE} ${WORK}/self_a.dat ${WORK}/self_c.dat --prefix
  RESULT_VARIABLE code OUTPUT_VARIABLE out)
if(NOT code STREQUAL "0")
  message(FATAL_ERROR "--prefix should compare the first 2 rows only:\n${out}")
endif()
message(STATUS "compare self-test passed")
