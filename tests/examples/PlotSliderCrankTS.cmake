# cmake -DEXE=<SliderCrankTS> -DGNUPLOT=<gnuplot> -DSCRIPT=<SliderCrankTS.gp> -P PlotSliderCrankTS.cmake
# Runs a short SliderCrankTS simulation (with contacts) and plots it with the bundled gnuplot script.
execute_process(COMMAND ${EXE} --T 0.03 --output plot_SliderCrankTS.dat RESULT_VARIABLE code)
if(NOT code EQUAL 0)
  message(FATAL_ERROR "SliderCrankTS failed (${code})")
endif()
file(REMOVE plot_SliderCrankTS.png)
execute_process(COMMAND ${GNUPLOT} -e "datafile='plot_SliderCrankTS.dat'; pngfile='plot_SliderCrankTS.png'"
                        ${SCRIPT}
  RESULT_VARIABLE code ERROR_VARIABLE err)
if(NOT code EQUAL 0 OR NOT EXISTS plot_SliderCrankTS.png)
  message(FATAL_ERROR "gnuplot failed (${code}): ${err}")
endif()
file(SIZE plot_SliderCrankTS.png size)
if(size LESS 1000)
  message(FATAL_ERROR "plot_SliderCrankTS.png is suspiciously small (${size} bytes)")
endif()
