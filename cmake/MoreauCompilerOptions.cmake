# Warning flags, ccache, sanitizers. Applied to Moreau's own targets through
# the interface target moreau_warnings (never exported).
find_program(MOREAU_CCACHE ccache)
if(MOREAU_CCACHE AND NOT CMAKE_CXX_COMPILER_LAUNCHER)
  set(CMAKE_CXX_COMPILER_LAUNCHER "${MOREAU_CCACHE}")
endif()

add_library(moreau_warnings INTERFACE)
target_compile_options(moreau_warnings INTERFACE -Wall -Wextra -Wpedantic)
if(MOREAU_WERROR)
  target_compile_options(moreau_warnings INTERFACE -Werror)
endif()

set(MOREAU_SANITIZE "" CACHE STRING "Sanitizers to enable, e.g. address,undefined")
if(MOREAU_SANITIZE)
  add_compile_options(-fsanitize=${MOREAU_SANITIZE} -fno-omit-frame-pointer -fno-sanitize-recover=all)
  add_link_options(-fsanitize=${MOREAU_SANITIZE})
endif()

# libFuzzer targets (tests/fuzz): every Moreau source gets libFuzzer's coverage
# instrumentation; the fuzz executables link with -fsanitize=fuzzer.
if(MOREAU_BUILD_FUZZERS)
  if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
    message(FATAL_ERROR "MOREAU_BUILD_FUZZERS needs clang++ (libFuzzer): use the `fuzz` preset "
                        "or -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_C_COMPILER=clang")
  endif()
  add_compile_options(-fsanitize=fuzzer-no-link)
endif()
