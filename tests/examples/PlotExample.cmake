# cmake -DEXE=<example> -DNAME=<name> -DARGS=<|-separated list> -DGNUPLOT=<gnuplot>
#       -DSCRIPT=<example.gp> [-DGPVARS=<extra gnuplot assignments>] -P PlotExample.cmake
# Runs a short simulation of an example into plot_<NAME>.dat and plots it with its bundled
# gnuplot script into plot_<NAME>.png; fails when either step fails, gnuplot writes anything
# on stderr (warnings included), or the PNG is suspiciously small.
string(REPLACE "|" ";" ARGS "${ARGS}")
execute_process(COMMAND ${EXE} ${ARGS} --output plot_${NAME}.dat RESULT_VARIABLE code
                OUTPUT_QUIET)
if(NOT code EQUAL 0)
  message(FATAL_ERROR "${EXE} failed (${code})")
endif()
file(REMOVE plot_${NAME}.png)
execute_process(
  COMMAND ${GNUPLOT} -e "datafile='plot_${NAME}.dat'; pngfile='plot_${NAME}.png'; ${GPVARS}"
          ${SCRIPT}
  RESULT_VARIABLE code ERROR_VARIABLE err)
if(NOT code EQUAL 0 OR NOT EXISTS plot_${NAME}.png OR NOT err STREQUAL "")
  message(FATAL_ERROR "gnuplot failed (${code}): ${err}")
endif()
file(SIZE plot_${NAME}.png size)
if(size LESS 1000)
  message(FATAL_ERROR "plot_${NAME}.png is suspiciously small (${size} bytes)")
endif()
