# cmake -DEXE=<CamFollower> -DGNUPLOT=<gnuplot> -DSCRIPT=<CamFollower.gp> -P PlotCamFollower.cmake
# Runs a short CamFollower simulation and plots it with the bundled gnuplot script.
execute_process(COMMAND ${EXE} --T 0.3 --output plot_CamFollower.dat RESULT_VARIABLE code)
if(NOT code EQUAL 0)
  message(FATAL_ERROR "CamFollower failed (${code})")
endif()
file(REMOVE plot_CamFollower.png)
execute_process(COMMAND ${GNUPLOT} -e "datafile='plot_CamFollower.dat'; pngfile='plot_CamFollower.png'"
                        ${SCRIPT}
  RESULT_VARIABLE code ERROR_VARIABLE err)
if(NOT code EQUAL 0 OR NOT EXISTS plot_CamFollower.png)
  message(FATAL_ERROR "gnuplot failed (${code}): ${err}")
endif()
file(SIZE plot_CamFollower.png size)
if(size LESS 1000)
  message(FATAL_ERROR "plot_CamFollower.png is suspiciously small (${size} bytes)")
endif()
