# FindFCLIB: the FCLIB reference C library (Debian: libfclib-dev), which reads
# and writes friction-contact problems in the FCLIB HDF5 layout.
#
# Defines FCLIB_FOUND, FCLIB_INCLUDE_DIR, FCLIB_LIBRARY and the imported target
# FCLIB::fclib. Debian packages it as a shared library (libfclib.so, header
# fclib.h, no header-only mode); it links HDF5 itself.
#
# Moreau's own FCLIB reader/writer (numerics/src/io/FclibFile.cpp) uses the
# HDF5 C API directly, because libfclib calls exit() on an incomplete file;
# libfclib is used by the tests to check that both implementations read each
# other's files.
find_path(FCLIB_INCLUDE_DIR fclib.h)
find_library(FCLIB_LIBRARY fclib)
include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(FCLIB REQUIRED_VARS FCLIB_LIBRARY FCLIB_INCLUDE_DIR)
if(FCLIB_FOUND AND NOT TARGET FCLIB::fclib)
  add_library(FCLIB::fclib UNKNOWN IMPORTED)
  set_target_properties(FCLIB::fclib PROPERTIES
    IMPORTED_LOCATION "${FCLIB_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${FCLIB_INCLUDE_DIR}")
endif()
mark_as_advanced(FCLIB_INCLUDE_DIR FCLIB_LIBRARY)
