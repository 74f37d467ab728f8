# FindSuiteSparse: imported targets SuiteSparse::<C> for the components
# CHOLMOD, UMFPACK, KLU (plus their shared pieces AMD, COLAMD, BTF, config).
# Debian: libsuitesparse-dev (headers under /usr/include/suitesparse).
include(FindPackageHandleStandardArgs)
find_path(SuiteSparse_INCLUDE_DIR SuiteSparse_config.h PATH_SUFFIXES suitesparse)

function(_moreau_ss_lib name lib header)
  find_library(SuiteSparse_${name}_LIBRARY ${lib})
  mark_as_advanced(SuiteSparse_${name}_LIBRARY)
  if(SuiteSparse_${name}_LIBRARY AND SuiteSparse_INCLUDE_DIR AND EXISTS "${SuiteSparse_INCLUDE_DIR}/${header}")
    set(SuiteSparse_${name}_FOUND TRUE PARENT_SCOPE)
    if(NOT TARGET SuiteSparse::${name})
      add_library(SuiteSparse::${name} UNKNOWN IMPORTED)
      set_target_properties(SuiteSparse::${name} PROPERTIES
        IMPORTED_LOCATION "${SuiteSparse_${name}_LIBRARY}"
        INTERFACE_INCLUDE_DIRECTORIES "${SuiteSparse_INCLUDE_DIR}")
    endif()
  else()
    set(SuiteSparse_${name}_FOUND FALSE PARENT_SCOPE)
  endif()
endfunction()

_moreau_ss_lib(Config suitesparseconfig SuiteSparse_config.h)
_moreau_ss_lib(AMD amd amd.h)
_moreau_ss_lib(COLAMD colamd colamd.h)
_moreau_ss_lib(BTF btf btf.h)
_moreau_ss_lib(CHOLMOD cholmod cholmod.h)
_moreau_ss_lib(UMFPACK umfpack umfpack.h)
_moreau_ss_lib(KLU klu klu.h)
foreach(c AMD COLAMD BTF CHOLMOD UMFPACK KLU)
  if(TARGET SuiteSparse::${c} AND TARGET SuiteSparse::Config)
    set_property(TARGET SuiteSparse::${c} APPEND PROPERTY INTERFACE_LINK_LIBRARIES SuiteSparse::Config)
  endif()
endforeach()
if(TARGET SuiteSparse::UMFPACK)
  set_property(TARGET SuiteSparse::UMFPACK APPEND PROPERTY INTERFACE_LINK_LIBRARIES SuiteSparse::CHOLMOD SuiteSparse::AMD)
endif()
if(TARGET SuiteSparse::KLU)
  set_property(TARGET SuiteSparse::KLU APPEND PROPERTY INTERFACE_LINK_LIBRARIES SuiteSparse::AMD SuiteSparse::COLAMD SuiteSparse::BTF)
endif()

find_package_handle_standard_args(SuiteSparse
  REQUIRED_VARS SuiteSparse_INCLUDE_DIR SuiteSparse_Config_LIBRARY
  HANDLE_COMPONENTS)
mark_as_advanced(SuiteSparse_INCLUDE_DIR)
