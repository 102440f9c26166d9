# Install rules: what `cmake --install build --prefix P` puts under P.
#
#   bin/pykc                             the compiler
#   include/pykc/*.h                     the runtime's headers
#   lib/libpykcRuntime.a                 the runtime, static (pykc::runtime)
#   lib/libpykcRuntime.so[.V]            the runtime, shared (pykc::runtime_shared)
#   lib/cmake/pykc/pykcConfig.cmake      find_package(pykc): the targets
#                  pykcConfigVersion.cmake  pykc::pykc, pykc::runtime,
#                  pykcTargets*.cmake       pykc::runtime_shared, pykc::headers
#                  PykcAddKernels.cmake     and pykc_add_kernels()
#   lib/pkgconfig/pykc.pc                pkg-config --cflags --libs pykc
#   share/pykc/python/pykc/*.py          the Python loader (PYTHONPATH=share/pykc/python)
#   share/bash-completion/completions/pykc  bash completion (pykc --completion=bash)
#   share/zsh/site-functions/_pykc       zsh completion (pykc --completion=zsh)
#   share/man/man1/pykc.1                the man page (pykc --man)
#
# (lib is CMAKE_INSTALL_LIBDIR: lib/x86_64-linux-gnu when the prefix is /usr
# on Debian.) Every installed file refers to the others by relative paths,
# so the tree can be moved after installing; the only absolute paths are
# system ones (Boost, and the CUDA toolkit pykc found when it was built).
include(CMakePackageConfigHelpers)

set(PYKC_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/pykc CACHE STRING
    "Where the CMake package (pykcConfig.cmake) is installed, relative to the prefix")
mark_as_advanced(PYKC_INSTALL_CMAKEDIR)

# The exported names: pykc::runtime, not pykc::pykcRuntime.
set_target_properties(pykc PROPERTIES EXPORT_NAME pykc)
set_target_properties(pykcRuntime PROPERTIES EXPORT_NAME runtime)
set_target_properties(pykcRuntimeShared PROPERTIES
  EXPORT_NAME runtime_shared
  # libpykcRuntime.so -> .so.0.1 -> .so.0.1.0: the kernel objects' ABI
  # (ModuleABI.h) may change with every minor version before 1.0.
  VERSION ${PROJECT_VERSION}
  SOVERSION ${PROJECT_VERSION_MAJOR}.${PROJECT_VERSION_MINOR})
set_target_properties(pykcRuntimeHeaders PROPERTIES EXPORT_NAME headers)

install(TARGETS pykc pykcRuntime pykcRuntimeShared pykcRuntimeHeaders
  EXPORT pykcTargets
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})

install(DIRECTORY ${PROJECT_SOURCE_DIR}/runtime/include/pykc
  DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
  FILES_MATCHING PATTERN "*.h")

# Pure Python (ctypes): pykc.load() of `pykc -c --shared` libraries.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/python/pykc
  DESTINATION ${CMAKE_INSTALL_DATADIR}/pykc/python
  FILES_MATCHING PATTERN "*.py")

# Written at build time by the built pykc (tools/CMakeLists.txt).
install(FILES ${PYKC_BASH_COMPLETION}
  DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions)
install(FILES ${PYKC_ZSH_COMPLETION}
  DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/site-functions)
install(FILES ${PYKC_MAN_PAGE}
  DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)

install(EXPORT pykcTargets
  NAMESPACE pykc::
  FILE pykcTargets.cmake
  DESTINATION ${PYKC_INSTALL_CMAKEDIR})

configure_package_config_file(
  ${PROJECT_SOURCE_DIR}/cmake/pykcConfig.cmake.in
  ${PROJECT_BINARY_DIR}/cmake/pykcConfig.cmake
  INSTALL_DESTINATION ${PYKC_INSTALL_CMAKEDIR})
# 0.x: only the same minor version is compatible (the object ABI may change).
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/cmake/pykcConfigVersion.cmake
  VERSION ${PROJECT_VERSION}
  COMPATIBILITY SameMinorVersion)
install(FILES
  ${PROJECT_BINARY_DIR}/cmake/pykcConfig.cmake
  ${PROJECT_BINARY_DIR}/cmake/pykcConfigVersion.cmake
  ${PROJECT_SOURCE_DIR}/cmake/PykcAddKernels.cmake
  DESTINATION ${PYKC_INSTALL_CMAKEDIR})

# The build tree is a package too: -Dpykc_DIR=<build>/cmake finds this
# build's compiler and runtime without installing (the same config file; the
# targets point into the build tree).
export(EXPORT pykcTargets NAMESPACE pykc:: FILE ${PROJECT_BINARY_DIR}/cmake/pykcTargets.cmake)
configure_file(${PROJECT_SOURCE_DIR}/cmake/PykcAddKernels.cmake
  ${PROJECT_BINARY_DIR}/cmake/PykcAddKernels.cmake COPYONLY)

# pkg-config. prefix is found from the .pc file's own location (${pcfiledir},
# which pkg-config and pkgconf both define), so the tree stays relocatable.
function(_pykc_pc_dir var dir)
  if(IS_ABSOLUTE "${dir}")
    set(${var} "${dir}" PARENT_SCOPE)
  else()
    set(${var} "\${prefix}/${dir}" PARENT_SCOPE)
  endif()
endfunction()
set(_pykc_pc_install_dir ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
  set(PYKC_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
else()
  file(RELATIVE_PATH _pykc_up "/prefix/${_pykc_pc_install_dir}" "/prefix")
  string(REGEX REPLACE "/$" "" _pykc_up "${_pykc_up}")
  set(PYKC_PC_PREFIX "\${pcfiledir}/${_pykc_up}")
endif()
_pykc_pc_dir(PYKC_PC_LIBDIR "${CMAKE_INSTALL_LIBDIR}")
_pykc_pc_dir(PYKC_PC_INCLUDEDIR "${CMAKE_INSTALL_INCLUDEDIR}")
_pykc_pc_dir(PYKC_PC_BINDIR "${CMAKE_INSTALL_BINDIR}")
configure_file(${PROJECT_SOURCE_DIR}/cmake/pykc.pc.in
               ${PROJECT_BINARY_DIR}/cmake/pykc.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/cmake/pykc.pc
        DESTINATION ${_pykc_pc_install_dir})
