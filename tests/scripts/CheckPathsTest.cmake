# ctest moreau_check_paths.reports_outside_paths (cmake -P): builds a scratch git repository
# with lines that name paths outside it and legitimate look-alikes, runs scripts/check-paths on
# it and requires exit 1 with exactly the expected "file:line:" findings.
# -DBASH=... -DGIT=... -DCHECKER=<scripts/check-paths> -DWORKDIR=<scratch folder>
# The outside paths are written with placeholders (<UP> = two dots, <S> = slash, <HOME> and
# <HOMEB> = the home variable, <T> = tilde), replaced below, so that this file does not name
# them itself.

file(REMOVE_RECURSE "${WORKDIR}")

# put(<relative file> <text>): writes the file with the placeholders replaced.
function(put rel text)
  string(REPLACE "<UP>" ".." text "${text}")
  string(REPLACE "<S>" "/" text "${text}")
  string(REPLACE "<HOME>" "$HOME" text "${text}")
  string(REPLACE "<HOMEB>" "\${HOME}" text "${text}")
  string(REPLACE "<T>" "~" text "${text}")
  file(WRITE "${WORKDIR}/${rel}" "${text}")
endfunction()

put(CMakeLists.txt [=[
set(CMAKE_INSTALL_RPATH "$ORIGIN/<UP>/${CMAKE_INSTALL_LIBDIR}")
set(OK "${PROJECT_SOURCE_DIR}/tests/<UP>/tests/data")
set(BAD "${PROJECT_SOURCE_DIR}/<UP>")
get_filename_component(BAD ${CMAKE_SOURCE_DIR}/<UP>/other ABSOLUTE)
# an ellipsis... and "<UP>." are not paths
include(<UP>/outside.cmake)
]=])
put(tests/sub/CMakeLists.txt [=[
set(OK ${CMAKE_CURRENT_SOURCE_DIR}/<UP>/data)
set(OK ${CMAKE_CURRENT_SOURCE_DIR}/<UP>/<UP>)
set(BAD "${CMAKE_CURRENT_SOURCE_DIR}/<UP>/<UP>/<UP>/x")
add_subdirectory(<UP>/<UP>/<UP>)
file(GLOB ok <UP>/<UP>/README.md)
]=])
put(cmake/X.cmake [=[
set(BAD ${CMAKE_CURRENT_LIST_DIR}/<UP>/<UP>/y)
set(OK ${CMAKE_CURRENT_LIST_DIR}/<UP>/tests)
]=])
put(scripts/tool [=[
cd "$(dirname "${BASH_SOURCE[0]}")/<UP>"
cd "$(dirname "$0")/<UP>/<UP>"
cp -r <S>work<S>shared<S>data x
ls <T>/.cache <T>/projects
echo <HOME>/.ccache
echo <HOMEB>/sibling
]=])
put(.ci/run [=[
cd "$(dirname "${BASH_SOURCE[0]}")/<UP>"
url=https://example.org/work/root/home/x
framework/work/x
data=<S>home<S>user/data
dir=<S>root<S>shared
]=])
put(tests/t.cpp [=[
// reads <UP>/shared/lcp
const char* p = "<S>work<S>main/tests";
const char* ok = MOREAU_SOURCE_DIR "/tests/data";
const char* ok2 = "a/work/b";
]=])
put(tests/data/lcp/a.dat "1 2 3 <S>work<S>x\n")
put(docs/x.md "see <UP>/shared and <S>work<S>x\n")

execute_process(COMMAND ${GIT} init -q . WORKING_DIRECTORY "${WORKDIR}" RESULT_VARIABLE rc)
execute_process(COMMAND ${GIT} add -A WORKING_DIRECTORY "${WORKDIR}" RESULT_VARIABLE rc2)
if(NOT rc EQUAL 0 OR NOT rc2 EQUAL 0)
  message(FATAL_ERROR "git init/add failed in ${WORKDIR}")
endif()

execute_process(COMMAND ${BASH} ${CHECKER} "${WORKDIR}"
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message(STATUS "check-paths output:\n${out}${err}")
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "check-paths exited with ${rc}, expected 1")
endif()

string(REGEX MATCHALL "[^\n:]+:[0-9]+:" found "${out}")
set(expected
  .ci/run:4: .ci/run:5:
  CMakeLists.txt:3: CMakeLists.txt:4: CMakeLists.txt:6:
  cmake/X.cmake:1:
  scripts/tool:2: scripts/tool:3: scripts/tool:4: scripts/tool:6:
  tests/sub/CMakeLists.txt:3: tests/sub/CMakeLists.txt:4:
  tests/t.cpp:1: tests/t.cpp:2:)
list(SORT found)
list(SORT expected)
if(NOT found STREQUAL expected)
  message(FATAL_ERROR "findings differ\n  expected: ${expected}\n  found:    ${found}")
endif()
file(REMOVE_RECURSE "${WORKDIR}")
