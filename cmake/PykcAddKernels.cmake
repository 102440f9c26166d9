# pykc_add_kernels: compile Python @cuda.jit kernels into a C++ target.
#
#   pykc_add_kernels(TARGET <target>
#                    SOURCES <file.py>...
#                    [SIGNATURES "<name>(<types>)"...]
#                    [ARCHS sm_XX...]
#                    [NAMESPACE <ns>]
#                    [LINK <file.cu|.ptx|.ltoir|.o|.a|.fatbin>...]
#                    [OPTIONS <extra pykc arguments>...])
#
# For each SOURCES file X.py (relative paths are relative to the calling
# directory's source dir) this adds a build step that runs
#
#   pykc X.py -c -o <bindir>/pykc/X.o --header <bindir>/pykc/X.h
#        [--sig SIGNATURE]... [--arch ARCH]... [--namespace NS]
#        [--allow-unused-sig] [OPTIONS...]
#
# where <bindir> is the calling directory's CMAKE_CURRENT_BINARY_DIR, and
# then gives <target>:
#   - X.o as an object to link (it holds the GPU code for every architecture,
#     the CPU backend's code and the kernels' registration), and X.h as a
#     source, so sources that include it wait for it;
#   - <bindir>/pykc as a PRIVATE include directory: `#include "X.h"`;
#   - pykc::runtime (the static runtime library) as a PRIVATE link library.
# X.h declares namespace X (NAMESPACE overrides) with one object per kernel:
#
#   #include "kernels.h"
#   auto d = pykc::to_device(host);          // a std::vector<float>
#   kernels::saxpy[{blocks, threads}](2.0f, d_x, d_y);
#   pykc::synchronize();
#
# The step reruns when X.py or the pykc executable changes. SIGNATURES are
# passed to every source; with more than one source, a signature for a
# kernel that a file does not define is ignored there (--allow-unused-sig).
# NAMESPACE is only allowed with a single source. ARCHS defaults to the
# variable PYKC_ARCHS when set (e.g. -DPYKC_ARCHS=sm_80), else to pykc's
# default set of architectures. OPTIONS are appended as they are, e.g.
# OPTIONS -O2 --no-sass -Werror -Wno-float64-promotion (warning control
# as on the command line: pykc --help).
#
# SHARED: shared libraries for Python instead (pykc.load(), README "The
# compiled kernels from Python"):
#
#   pykc_add_kernels(TARGET <name> SHARED SOURCES <file.py>... [SIGNATURES ...]
#                    [ARCHS ...] [NAMESPACE <ns>] [OPTIONS ...])
#
# creates <name>, a new target built by default, that runs for each X.py
#
#   pykc X.py -c --shared -o <bindir>/pykc/libX.so [same arguments]
#
# (the object linked against the shared runtime, with the table pykc.load()
# reads). The target's property PYKC_LIBRARIES lists the libraries, e.g.
# for install(FILES $<TARGET_PROPERTY:<name>,PYKC_LIBRARIES> ...).
#
# Call it in the directory that created <target> (an executable, a static,
# shared or module library), after find_package(pykc) or, inside pykc's own
# tree, where the root CMakeLists.txt has included this file. Each X.py is
# compiled once per directory: to use the same kernels in several targets,
# compile them into a library and link that. A compile error in X.py fails
# the build with pykc's `X.py:line:col: error: ...` diagnostics.

include_guard(GLOBAL)

function(pykc_add_kernels)
  set(_fn pykc_add_kernels)
  cmake_parse_arguments(PARSE_ARGV 0 ARG "SHARED" "TARGET;NAMESPACE"
                        "SOURCES;SIGNATURES;ARCHS;OPTIONS;LINK")
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "${_fn}: unexpected arguments: ${ARG_UNPARSED_ARGUMENTS} "
            "(expected TARGET, SHARED, SOURCES, SIGNATURES, ARCHS, NAMESPACE, LINK, OPTIONS)")
  endif()
  foreach(_kw IN ITEMS TARGET NAMESPACE)
    if(_kw IN_LIST ARG_KEYWORDS_MISSING_VALUES)
      message(FATAL_ERROR "${_fn}: ${_kw} needs a value")
    endif()
  endforeach()

  # The target: one this directory created, that links.
  if(NOT ARG_TARGET)
    message(FATAL_ERROR "${_fn}: TARGET <target> is required")
  endif()
  if(ARG_SHARED)
    if(TARGET "${ARG_TARGET}")
      message(FATAL_ERROR "${_fn}: with SHARED, TARGET names the target that "
              "builds the libraries, which ${_fn} creates; '${ARG_TARGET}' exists already")
    endif()
    add_custom_target("${ARG_TARGET}" ALL)
  elseif(NOT TARGET "${ARG_TARGET}")
    message(FATAL_ERROR "${_fn}: there is no target named '${ARG_TARGET}'; "
            "create it (add_executable or add_library) before calling ${_fn}")
  endif()
  set(_target "${ARG_TARGET}")
  if(NOT ARG_SHARED)
    get_target_property(_aliased "${_target}" ALIASED_TARGET)
    if(_aliased)
      set(_target "${_aliased}")
    endif()
    get_target_property(_imported "${_target}" IMPORTED)
    get_target_property(_type "${_target}" TYPE)
    if(_imported OR NOT _type MATCHES "^(EXECUTABLE|STATIC_LIBRARY|SHARED_LIBRARY|MODULE_LIBRARY)$")
      if(_imported)
        string(APPEND _type " (imported)")
      endif()
      message(FATAL_ERROR "${_fn}: target '${ARG_TARGET}' is ${_type}; "
              "kernels can only be added to "
              "an executable or a static, shared or module library of this project")
    endif()
    get_target_property(_target_dir "${_target}" SOURCE_DIR)
    if(NOT _target_dir STREQUAL CMAKE_CURRENT_SOURCE_DIR)
      message(FATAL_ERROR "${_fn}: target '${ARG_TARGET}' was created in "
              "${_target_dir}; call ${_fn} in that directory's CMakeLists.txt")
    endif()
  endif()

  if(NOT ARG_SOURCES)
    message(FATAL_ERROR "${_fn}: SOURCES <file.py>... is required "
            "(the Python files whose @cuda.jit kernels ${ARG_TARGET} launches)")
  endif()
  list(LENGTH ARG_SOURCES _count)
  if(DEFINED ARG_NAMESPACE AND _count GREATER 1)
    message(FATAL_ERROR "${_fn}: NAMESPACE is only allowed with a single "
            "source, but ${_count} were given (${ARG_SOURCES}); each header's "
            "namespace is then its file's stem, or call ${_fn} once per file")
  endif()
  if(NOT TARGET pykc::pykc OR NOT TARGET pykc::runtime)
    message(FATAL_ERROR "${_fn}: the targets pykc::pykc and pykc::runtime are "
            "not defined; call find_package(pykc REQUIRED) first")
  endif()

  # The arguments every source gets.
  set(_args)
  foreach(_sig IN LISTS ARG_SIGNATURES)
    list(APPEND _args --sig "${_sig}")
  endforeach()
  set(_archs ${ARG_ARCHS})
  if(NOT _archs AND PYKC_ARCHS)
    set(_archs ${PYKC_ARCHS})
  endif()
  foreach(_arch IN LISTS _archs)
    list(APPEND _args --arch "${_arch}")
  endforeach()
  if(DEFINED ARG_NAMESPACE)
    list(APPEND _args --namespace "${ARG_NAMESPACE}")
  endif()
  if(_count GREATER 1)
    list(APPEND _args --allow-unused-sig)
  endif()
  set(_links)
  foreach(_link IN LISTS ARG_LINK)
    get_filename_component(_link "${_link}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    list(APPEND _links "${_link}")
    list(APPEND _args --link "${_link}")
  endforeach()
  list(APPEND _args ${ARG_OPTIONS})

  set(_outdir "${CMAKE_CURRENT_BINARY_DIR}/pykc")
  file(MAKE_DIRECTORY "${_outdir}")
  file(RELATIVE_PATH _rel_outdir "${CMAKE_BINARY_DIR}" "${_outdir}")
  set(_stems)
  foreach(_src IN LISTS ARG_SOURCES)
    get_filename_component(_py "${_src}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_SOURCE_DIR}")
    if(NOT _py MATCHES "\\.py$")
      message(FATAL_ERROR "${_fn}: '${_src}' is not a Python file (.py)")
    endif()
    get_source_file_property(_generated "${_py}" GENERATED)
    if(NOT EXISTS "${_py}" AND NOT _generated)
      message(FATAL_ERROR "${_fn}: kernel source '${_src}' does not exist "
              "(looked for ${_py})")
    endif()
    get_filename_component(_stem "${_py}" NAME_WLE)
    if(_stem IN_LIST _stems)
      message(FATAL_ERROR "${_fn}: two SOURCES are named ${_stem}.py; their "
              "outputs pykc/${_stem}.o and pykc/${_stem}.h would collide")
    endif()
    list(APPEND _stems "${_stem}")

    if(ARG_SHARED)
      set(_lib "${_outdir}/lib${_stem}.so")
      add_custom_command(
        OUTPUT "${_lib}"
        COMMAND pykc::pykc "${_py}" -c --shared -o "${_lib}" ${_args}
        DEPENDS "${_py}" ${_links} pykc::pykc "$<TARGET_FILE:pykc::runtime_shared>"
        COMMENT "pykc: compiling ${_src} to ${_rel_outdir}/lib${_stem}.so"
        VERBATIM)
      add_custom_target("${ARG_TARGET}_${_stem}" DEPENDS "${_lib}")
      add_dependencies("${ARG_TARGET}" "${ARG_TARGET}_${_stem}")
      set_property(TARGET "${ARG_TARGET}" APPEND PROPERTY PYKC_LIBRARIES "${_lib}")
      continue()
    endif()
    set(_obj "${_outdir}/${_stem}.o")
    set(_hdr "${_outdir}/${_stem}.h")
    get_property(_owner GLOBAL PROPERTY "PYKC_KERNELS_OUTPUT:${_obj}")
    if(_owner)
      message(FATAL_ERROR "${_fn}: ${_stem}.py is already compiled in this "
              "directory for target '${_owner}' (pykc/${_stem}.o); to launch "
              "the same kernels from several targets, add them to a library "
              "and link that")
    endif()
    set_property(GLOBAL PROPERTY "PYKC_KERNELS_OUTPUT:${_obj}" "${ARG_TARGET}")

    add_custom_command(
      OUTPUT "${_obj}" "${_hdr}"
      COMMAND pykc::pykc "${_py}" -c -o "${_obj}" --header "${_hdr}" ${_args}
      DEPENDS "${_py}" ${_links} pykc::pykc
      COMMENT "pykc: compiling ${_src} to ${_rel_outdir}/${_stem}.o and ${_stem}.h"
      VERBATIM)
    set_source_files_properties("${_obj}" PROPERTIES
      EXTERNAL_OBJECT TRUE GENERATED TRUE)
    target_sources("${_target}" PRIVATE "${_obj}" "${_hdr}")
  endforeach()

  if(ARG_SHARED)
    return()
  endif()
  target_include_directories("${_target}" PRIVATE "${_outdir}")
  target_link_libraries("${_target}" PRIVATE pykc::runtime)
  # The kernels' CPU code calls libm (sqrtf, expf, ...); C++ drivers link it
  # anyway, but not when the target is linked as C.
  if(UNIX AND NOT APPLE)
    target_link_libraries("${_target}" PRIVATE m)
  endif()
endfunction()
