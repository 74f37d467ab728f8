# Finds every dependency; a missing one stops configuration with the Debian
# package to install (scripts/setup installs them all).
macro(moreau_require found what debian)
  if(NOT ${found})
    message(FATAL_ERROR "Moreau: ${what} not found. On Debian install it with\n"
                        "    apt-get install ${debian}\n"
                        "or run scripts/setup as root, which installs every dependency.")
  endif()
endmacro()

find_package(Eigen3 3.4 QUIET NO_MODULE)
moreau_require(Eigen3_FOUND "Eigen 3.4" libeigen3-dev)

find_package(SuiteSparse QUIET COMPONENTS CHOLMOD UMFPACK KLU)
moreau_require(SuiteSparse_FOUND "SuiteSparse (CHOLMOD, UMFPACK, KLU)" libsuitesparse-dev)

find_package(LAPACKE QUIET)
moreau_require(LAPACKE_FOUND "LAPACKE" liblapacke-dev)

# SUNDIALS CVODE (LsodarOSI, the event-driven integrator): 6.x API
# (SUNContext); linked privately by the kernel (cmake/FindSUNDIALS.cmake).
find_package(SUNDIALS 6 QUIET MODULE)
moreau_require(SUNDIALS_FOUND "SUNDIALS 6 (CVODE)" libsundials-dev)

find_package(Boost 1.74 QUIET)
if(Boost_FOUND)
  find_path(MOREAU_BOOST_GRAPH_INCLUDE boost/graph/adjacency_list.hpp HINTS ${Boost_INCLUDE_DIRS})
endif()
moreau_require(MOREAU_BOOST_GRAPH_INCLUDE "Boost.Graph" libboost-graph-dev)

# HDF5 C library (FCLIB problem files, numerics/src/io/FclibFile.cpp). CMake's
# FindHDF5 compiles a C probe, hence the C language.
enable_language(C)
find_package(HDF5 QUIET COMPONENTS C)
if(HDF5_FOUND AND NOT TARGET HDF5::HDF5)
  set(HDF5_FOUND FALSE)
endif()
moreau_require(HDF5_FOUND "HDF5 (C library)" libhdf5-dev)

# FCLIB reference library: the tests check that Moreau and libfclib read each
# other's files (cmake/FindFCLIB.cmake explains why the library does not use it).
find_package(FCLIB QUIET)
if(MOREAU_BUILD_TESTS)
  moreau_require(FCLIB_FOUND "FCLIB (libfclib, used by the FCLIB interoperability tests)" libfclib-dev)
endif()

if(MOREAU_BUILD_TESTS)
  find_package(GTest QUIET)
  moreau_require(GTest_FOUND "GoogleTest" "libgtest-dev libgmock-dev")
endif()
if(MOREAU_BUILD_BENCHMARKS)
  find_package(benchmark QUIET)
  moreau_require(benchmark_FOUND "Google Benchmark" libbenchmark-dev)
endif()
