# ctest script: INPUT.dat -> a.hdf5 -> b.dat -> c.hdf5 -> d.dat; b.dat and d.dat
# must be identical and every step must succeed.
file(MAKE_DIRECTORY ${WORKDIR})
set(_steps "${INPUT}|${WORKDIR}/a.hdf5" "${WORKDIR}/a.hdf5|${WORKDIR}/b.dat"
           "${WORKDIR}/b.dat|${WORKDIR}/c.hdf5" "${WORKDIR}/c.hdf5|${WORKDIR}/d.dat")
foreach(_step IN LISTS _steps)
  string(REPLACE "|" ";" _io "${_step}")
  list(GET _io 0 _in)
  list(GET _io 1 _out)
  execute_process(COMMAND ${CONVERTER} ${_in} ${_out} RESULT_VARIABLE _rc)
  if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "moreau-fc-convert ${_in} ${_out} failed (${_rc})")
  endif()
endforeach()
execute_process(COMMAND ${CMAKE_COMMAND} -E compare_files ${WORKDIR}/b.dat ${WORKDIR}/d.dat
                RESULT_VARIABLE _same)
if(NOT _same EQUAL 0)
  message(FATAL_ERROR "${WORKDIR}/b.dat and d.dat differ: the round trip is not exact")
endif()
