# cmake -DEXE=<program> -DARGS=<|-separated list> -DEXPECT=<exit code> -DREGEX=<regex> -P RunExample.cmake
# Runs the program, checks its exit code and that stdout+stderr match REGEX.
string(REPLACE "|" ";" ARGS "${ARGS}")
execute_process(COMMAND ${EXE} ${ARGS}
  RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "stdout: ${out}")
message(STATUS "stderr: ${err}")
if(NOT code STREQUAL "${EXPECT}")
  message(FATAL_ERROR "${EXE} ${ARGS}: exit code '${code}', expected ${EXPECT}")
endif()
if(DEFINED REGEX AND NOT REGEX STREQUAL "" AND NOT "${out}${err}" MATCHES "${REGEX}")
  message(FATAL_ERROR "${EXE} ${ARGS}: output does not match '${REGEX}'")
endif()
