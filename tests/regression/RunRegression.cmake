# cmake -DEXE=<example> -DARGS=<|-separated> -DOUTPUT=<file> -DCOMPARE=<moreau_regression_compare>
#       -DGOLDEN=<file> -DTOLERANCE=<T|T0,T1,...> [-DPREFIX=ON] -P RunRegression.cmake
# Runs the example with its arguments and `--output OUTPUT`, then compares OUTPUT with GOLDEN.
string(REPLACE "|" ";" ARGS "${ARGS}")
file(REMOVE "${OUTPUT}")
execute_process(COMMAND ${EXE} ${ARGS} --output ${OUTPUT}
  RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "${EXE} ${ARGS} --output ${OUTPUT}\n${out}${err}")
if(NOT code STREQUAL "0")
  message(FATAL_ERROR "the example failed (exit code '${code}')")
endif()
set(_prefix)
if(PREFIX)
  set(_prefix --prefix)
endif()
execute_process(COMMAND ${COMPARE} ${OUTPUT} ${GOLDEN} --tolerance ${TOLERANCE} ${_prefix}
  RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "${out}${err}")
if(NOT code STREQUAL "0")
  message(FATAL_ERROR "output differs from ${GOLDEN}")
endif()
