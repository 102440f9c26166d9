//===- CudaDriver.h - The CUDA driver API, loaded at run time ---*- C++ -*-===//
//
// The few driver types and entry points the runtime uses, declared here so
// that it builds without the CUDA toolkit (cuda.h is never included), and
// resolved from libcuda.so.1 with dlopen/dlsym on first use. Versioned
// entry points (_v2) are the ones cuda.h maps the plain names to.
//
//===----------------------------------------------------------------------===//
#ifndef PYKC_RUNTIME_CUDADRIVER_H
#define PYKC_RUNTIME_CUDADRIVER_H

#include <cstddef>
#include <string>

namespace pykc::runtime::cu {

using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = struct CUctx_st *;
using CUmodule = struct CUmod_st *;
using CUfunction = struct CUfunc_st *;
using CUstream = struct CUstream_st *;
using CUevent = struct CUevent_st *;
using CUjit_option = int;
using CUdevice_attribute = int;
using CUfunction_attribute = int;

enum : int {
  CUDA_SUCCESS = 0,
  CUDA_ERROR_INVALID_VALUE = 1,
  CUDA_ERROR_OUT_OF_MEMORY = 2,
  CUDA_ERROR_INVALID_IMAGE = 200,
  CUDA_ERROR_NO_BINARY_FOR_GPU = 209,
  CUDA_ERROR_INVALID_PTX = 218,
  CUDA_ERROR_NOT_FOUND = 500,
  CUDA_ERROR_NOT_READY = 600,
  CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES = 701,
  CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE = 720,
};

enum : int {
  CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 1,
  CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X = 2,
  CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y = 3,
  CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z = 4,
  CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X = 5,
  CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y = 6,
  CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z = 7,
  CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK = 8,
  CU_DEVICE_ATTRIBUTE_WARP_SIZE = 10,
  CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16,
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75,
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76,
  CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97,
};

enum : int {
  CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 0,
  CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES = 1,
  CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8,
};

enum : int {
  CU_JIT_INFO_LOG_BUFFER = 3,
  CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4,
  CU_JIT_ERROR_LOG_BUFFER = 5,
  CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6,
};

enum : unsigned {
  CU_STREAM_DEFAULT = 0,
  CU_EVENT_DEFAULT = 0,
  CU_MEMHOSTALLOC_PORTABLE = 1,
  CU_MEMHOSTALLOC_DEVICEMAP = 2,
};

/// The driver's entry points. The X-macro keeps the member list, the dlsym
/// names and the signatures in one place.
#define PYKC_CUDA_FUNCTIONS(X)                                                 \
  X(cuInit, CUresult, (unsigned))                                              \
  X(cuDriverGetVersion, CUresult, (int *))                                     \
  X(cuGetErrorName, CUresult, (CUresult, const char **))                       \
  X(cuGetErrorString, CUresult, (CUresult, const char **))                     \
  X(cuDeviceGetCount, CUresult, (int *))                                       \
  X(cuDeviceGet, CUresult, (CUdevice *, int))                                  \
  X(cuDeviceGetName, CUresult, (char *, int, CUdevice))                        \
  X(cuDeviceGetAttribute, CUresult, (int *, CUdevice_attribute, CUdevice))     \
  X(cuDeviceTotalMem_v2, CUresult, (size_t *, CUdevice))                       \
  X(cuDevicePrimaryCtxRetain, CUresult, (CUcontext *, CUdevice))               \
  X(cuCtxGetCurrent, CUresult, (CUcontext *))                                  \
  X(cuCtxSetCurrent, CUresult, (CUcontext))                                    \
  X(cuCtxPushCurrent_v2, CUresult, (CUcontext))                                \
  X(cuCtxPopCurrent_v2, CUresult, (CUcontext *))                               \
  X(cuCtxSynchronize, CUresult, ())                                            \
  X(cuCtxGetDevice, CUresult, (CUdevice *))                                    \
  X(cuMemAlloc_v2, CUresult, (CUdeviceptr *, size_t))                          \
  X(cuMemFree_v2, CUresult, (CUdeviceptr))                                     \
  X(cuMemHostAlloc, CUresult, (void **, size_t, unsigned))                     \
  X(cuMemFreeHost, CUresult, (void *))                                         \
  X(cuMemcpyHtoD_v2, CUresult, (CUdeviceptr, const void *, size_t))            \
  X(cuMemcpyDtoH_v2, CUresult, (void *, CUdeviceptr, size_t))                  \
  X(cuMemcpyDtoD_v2, CUresult, (CUdeviceptr, CUdeviceptr, size_t))             \
  X(cuMemcpyHtoDAsync_v2, CUresult,                                            \
    (CUdeviceptr, const void *, size_t, CUstream))                             \
  X(cuMemcpyDtoHAsync_v2, CUresult, (void *, CUdeviceptr, size_t, CUstream))   \
  X(cuMemcpyDtoDAsync_v2, CUresult,                                            \
    (CUdeviceptr, CUdeviceptr, size_t, CUstream))                              \
  X(cuStreamCreate, CUresult, (CUstream *, unsigned))                          \
  X(cuStreamDestroy_v2, CUresult, (CUstream))                                  \
  X(cuStreamSynchronize, CUresult, (CUstream))                                 \
  X(cuStreamGetCtx, CUresult, (CUstream, CUcontext *))                         \
  X(cuStreamWaitEvent, CUresult, (CUstream, CUevent, unsigned))                \
  X(cuMemGetInfo_v2, CUresult, (size_t *, size_t *))                           \
  X(cuEventCreate, CUresult, (CUevent *, unsigned))                            \
  X(cuEventDestroy_v2, CUresult, (CUevent))                                    \
  X(cuEventRecord, CUresult, (CUevent, CUstream))                              \
  X(cuEventSynchronize, CUresult, (CUevent))                                   \
  X(cuEventQuery, CUresult, (CUevent))                                         \
  X(cuEventElapsedTime, CUresult, (float *, CUevent, CUevent))                 \
  X(cuModuleLoadDataEx, CUresult,                                              \
    (CUmodule *, const void *, unsigned, CUjit_option *, void **))             \
  X(cuModuleGetFunction, CUresult, (CUfunction *, CUmodule, const char *))     \
  X(cuModuleGetGlobal_v2, CUresult,                                            \
    (CUdeviceptr *, size_t *, CUmodule, const char *))                         \
  X(cuMemHostGetDevicePointer_v2, CUresult, (CUdeviceptr *, void *, unsigned)) \
  X(cuFuncGetAttribute, CUresult, (int *, CUfunction_attribute, CUfunction))   \
  X(cuFuncSetAttribute, CUresult, (CUfunction, CUfunction_attribute, int))     \
  X(cuLaunchKernel, CUresult,                                                  \
    (CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,   \
     unsigned, CUstream, void **, void **))                                    \
  X(cuLaunchCooperativeKernel, CUresult,                                       \
    (CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,   \
     unsigned, CUstream, void **))                                             \
  X(cuOccupancyMaxActiveBlocksPerMultiprocessor, CUresult,                     \
    (int *, CUfunction, int, size_t))

struct Driver {
#define PYKC_CUDA_MEMBER(Name, Ret, Params) Ret(*Name) Params = nullptr;
  PYKC_CUDA_FUNCTIONS(PYKC_CUDA_MEMBER)
#undef PYKC_CUDA_MEMBER
  /// Optional (CUDA 12.0 drivers on; null before): a context's id, unique
  /// for the process's lifetime. Launches on streams of other contexts than
  /// the primary one need it to key what they load there.
  CUresult (*cuCtxGetId)(CUcontext, unsigned long long *) = nullptr;
};

/// The loaded and initialized (cuInit) driver, or null when libcuda.so.1
/// is missing, lacks an entry point or cuInit fails. Thread-safe; the load
/// is attempted once per process.
const Driver *driver();

/// Why driver() is null: the dlopen/dlsym message or the cuInit error.
const std::string &driverLoadError();

/// "CUDA_ERROR_X (text)" for a result code.
std::string describe(CUresult R);

/// Throws Error(Code) naming Call, the driver's error name and text, and
/// Advice (what to do), unless R is CUDA_SUCCESS.
void check(CUresult R, const char *Call, const std::string &Advice);

} // namespace pykc::runtime::cu

#endif // PYKC_RUNTIME_CUDADRIVER_H
