# cmake -DEXE=<example> -DNAME=<Name> -DGNUPLOT=<gnuplot> -DSCRIPT=<Name.gp> [-DARGS=a|b] -P PlotExample.cmake
# Runs an example with its default parameters (or ARGS, '|'-separated) and plots the result with
# its bundled gnuplot script; fails when the example or gnuplot fails or the PNG is tiny.
string(REPLACE "|" ";" _args "${ARGS}")
execute_process(COMMAND ${EXE} ${_args} --output plot_${NAME}.dat RESULT_VARIABLE code
                OUTPUT_QUIET)
if(NOT code EQUAL 0)
  message(FATAL_ERROR "${NAME} failed (${code})")
endif()
file(REMOVE plot_${NAME}.png)
execute_process(COMMAND ${GNUPLOT} -e "datafile='plot_${NAME}.dat'; pngfile='plot_${NAME}.png'"
                        ${SCRIPT}
  RESULT_VARIABLE code ERROR_VARIABLE err)
if(NOT code EQUAL 0 OR NOT EXISTS plot_${NAME}.png)
  message(FATAL_ERROR "gnuplot failed (${code}): ${err}")
endif()
file(SIZE plot_${NAME}.png size)
if(size LESS 1000)
  message(FATAL_ERROR "plot_${NAME}.png is suspiciously small (${size} bytes)")
endif()
