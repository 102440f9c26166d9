# Finds the pieces of the CUDA toolkit pykc uses without requiring them:
# ptxas (to verify PTX in tests) and libdevice (math functions). Their paths
# become the compiler's defaults; `pykc --cuda-path` and $CUDA_HOME override.
set(_pykc_cuda_hints $ENV{CUDA_HOME} $ENV{CUDA_PATH} /usr/local/cuda /usr/lib/cuda)
find_program(PYKC_PTXAS ptxas HINTS ${_pykc_cuda_hints} PATH_SUFFIXES bin)
find_file(PYKC_LIBDEVICE libdevice.10.bc HINTS ${_pykc_cuda_hints}
          PATH_SUFFIXES nvvm/libdevice lib/nvidia-cuda-toolkit/libdevice)
if(PYKC_PTXAS)
  get_filename_component(_pykc_cuda_bin "${PYKC_PTXAS}" DIRECTORY)
  get_filename_component(PYKC_CUDA_ROOT "${_pykc_cuda_bin}" DIRECTORY)
  message(STATUS "CUDA toolkit: ${PYKC_CUDA_ROOT} (ptxas ${PYKC_PTXAS})")
else()
  set(PYKC_PTXAS "")
  set(PYKC_CUDA_ROOT "")
  message(STATUS "CUDA toolkit: not found; PTX will not be verified with ptxas")
endif()
if(NOT PYKC_LIBDEVICE)
  set(PYKC_LIBDEVICE "")
endif()
