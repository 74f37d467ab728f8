# FindSUNDIALS: defines SUNDIALS::cvode (Debian: libsundials-dev, SUNDIALS 6.x).
# Only CVODE is needed (LsodarOSI, the event-driven integrator). Since SUNDIALS
# 6 libsundials_cvode contains the serial N_Vector, the dense SUNMatrix /
# SUNLinearSolver and the Newton / fixed-point SUNNonlinearSolver, so one
# library is enough. This module is used instead of the SUNDIALSConfig.cmake
# that Debian ships, which imports every SUNDIALS target (parallel vectors,
# Fortran modules) and looks for their dependencies (OpenMP, ...): the kernel
# needs the CVODE library and its headers only.
# Sets SUNDIALS_FOUND, SUNDIALS_VERSION, SUNDIALS_INCLUDE_DIR, SUNDIALS_CVODE_LIBRARY.
find_path(SUNDIALS_INCLUDE_DIR cvode/cvode.h)
find_library(SUNDIALS_CVODE_LIBRARY sundials_cvode)
if(SUNDIALS_INCLUDE_DIR AND EXISTS "${SUNDIALS_INCLUDE_DIR}/sundials/sundials_config.h")
  file(STRINGS "${SUNDIALS_INCLUDE_DIR}/sundials/sundials_config.h" _moreau_sundials_version
       REGEX "^#define SUNDIALS_VERSION \"[0-9.]+\"")
  string(REGEX REPLACE ".*\"([0-9.]+)\".*" "\\1" SUNDIALS_VERSION "${_moreau_sundials_version}")
  unset(_moreau_sundials_version)
endif()
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(SUNDIALS
  REQUIRED_VARS SUNDIALS_CVODE_LIBRARY SUNDIALS_INCLUDE_DIR
  VERSION_VAR SUNDIALS_VERSION)
if(SUNDIALS_FOUND AND NOT TARGET SUNDIALS::cvode)
  add_library(SUNDIALS::cvode UNKNOWN IMPORTED)
  set_target_properties(SUNDIALS::cvode PROPERTIES
    IMPORTED_LOCATION "${SUNDIALS_CVODE_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${SUNDIALS_INCLUDE_DIR}")
endif()
mark_as_advanced(SUNDIALS_INCLUDE_DIR SUNDIALS_CVODE_LIBRARY)
