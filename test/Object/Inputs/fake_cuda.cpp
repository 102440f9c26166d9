// A stand-in for the CUDA driver (libcuda.so.1) that runs no kernel: it
// lets tests without a GPU check what the runtime asks of the driver. It
// has one device (FAKE_CUDA_SM, default 80), keeps "device" memory in host
// memory, and for each module it is given finds the PTX entries in the
// image (PTX text, or a fatbin's uncompressed PTX) so that
// cuModuleGetFunction fails, as the real driver does, for a kernel the
// module does not hold. It prints each module load and each launch to
// stderr ("fake-cuda: ..."). Built as a shared library named libcuda.so.1
// and found through LD_LIBRARY_PATH.
#include "runtime/lib/CudaDriver.h"

#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <type_traits>
#include <vector>

using namespace pykc::runtime::cu;

namespace {

struct FakeModule {
  std::string Kind;
  std::vector<std::string> Entries;
};

struct FakeFunction {
  size_t Module;
  std::string Name;
};

std::mutex Lock;
std::vector<FakeModule> Modules;      // a CUmodule is its index + 1
std::vector<FakeFunction *> Functions; // kept for the process
thread_local CUcontext Current = nullptr;
char ContextObject, StreamObject, EventObject;

/// The names after ".entry " in \p Text.
std::vector<std::string> entries(const char *Text, size_t Size) {
  std::vector<std::string> Names;
  const std::string Key = ".entry ";
  std::string All(Text, Size);
  for (size_t At = All.find(Key); At != std::string::npos; At = All.find(Key, At + 1)) {
    size_t Start = At + Key.size(), End = Start;
    while (End < All.size() && (std::isalnum((unsigned char)All[End]) || All[End] == '_'))
      ++End;
    Names.push_back(All.substr(Start, End - Start));
  }
  return Names;
}

int sm() {
  const char *S = std::getenv("FAKE_CUDA_SM");
  return S ? std::atoi(S) : 80;
}

} // namespace

extern "C" {

CUresult cuInit(unsigned) { return CUDA_SUCCESS; }
CUresult cuDriverGetVersion(int *V) { *V = 13000; return CUDA_SUCCESS; }
CUresult cuGetErrorName(CUresult R, const char **Name) {
  *Name = R == CUDA_ERROR_NOT_FOUND ? "CUDA_ERROR_NOT_FOUND" : "CUDA_ERROR_FAKE";
  return CUDA_SUCCESS;
}
CUresult cuGetErrorString(CUresult R, const char **Text) {
  *Text = R == CUDA_ERROR_NOT_FOUND ? "named symbol not found" : "an error of the fake driver";
  return CUDA_SUCCESS;
}
CUresult cuDeviceGetCount(int *N) { *N = 1; return CUDA_SUCCESS; }
CUresult cuDeviceGet(CUdevice *D, int I) { *D = I; return I == 0 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE; }
CUresult cuDeviceGetName(char *Name, int Size, CUdevice) {
  std::snprintf(Name, size_t(Size), "pykc fake GPU");
  return CUDA_SUCCESS;
}
CUresult cuDeviceGetAttribute(int *V, CUdevice_attribute A, CUdevice) {
  switch (A) {
  case CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK: *V = 1024; break;
  case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X: case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y: *V = 1024; break;
  case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z: *V = 64; break;
  case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X: *V = 2147483647; break;
  case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y: case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z: *V = 65535; break;
  case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK: *V = 48 * 1024; break;
  case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN: *V = 96 * 1024; break;
  case CU_DEVICE_ATTRIBUTE_WARP_SIZE: *V = 32; break;
  case CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT: *V = 4; break;
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR: *V = sm() / 10; break;
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR: *V = sm() % 10; break;
  default: *V = 0;
  }
  return CUDA_SUCCESS;
}
CUresult cuDeviceTotalMem_v2(size_t *Bytes, CUdevice) { *Bytes = size_t(1) << 30; return CUDA_SUCCESS; }
CUresult cuDevicePrimaryCtxRetain(CUcontext *C, CUdevice) {
  *C = reinterpret_cast<CUcontext>(&ContextObject);
  return CUDA_SUCCESS;
}
CUresult cuCtxGetCurrent(CUcontext *C) { *C = Current; return CUDA_SUCCESS; }
CUresult cuCtxSetCurrent(CUcontext C) { Current = C; return CUDA_SUCCESS; }
CUresult cuCtxPushCurrent_v2(CUcontext C) { Current = C; return CUDA_SUCCESS; }
CUresult cuCtxPopCurrent_v2(CUcontext *C) {
  if (C)
    *C = Current;
  Current = nullptr;
  return CUDA_SUCCESS;
}
CUresult cuCtxSynchronize() { return CUDA_SUCCESS; }
CUresult cuCtxGetDevice(CUdevice *D) { *D = 0; return CUDA_SUCCESS; }
CUresult cuMemAlloc_v2(CUdeviceptr *P, size_t Bytes) {
  *P = CUdeviceptr(reinterpret_cast<uintptr_t>(std::calloc(1, Bytes ? Bytes : 1)));
  return *P ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}
CUresult cuMemFree_v2(CUdeviceptr P) { std::free(reinterpret_cast<void *>(uintptr_t(P))); return CUDA_SUCCESS; }
CUresult cuMemHostAlloc(void **P, size_t Bytes, unsigned) {
  *P = std::calloc(1, Bytes ? Bytes : 1);
  return *P ? CUDA_SUCCESS : CUDA_ERROR_OUT_OF_MEMORY;
}
CUresult cuMemFreeHost(void *P) { std::free(P); return CUDA_SUCCESS; }
static void *at(CUdeviceptr P) { return reinterpret_cast<void *>(uintptr_t(P)); }
CUresult cuMemcpyHtoD_v2(CUdeviceptr D, const void *S, size_t N) { std::memcpy(at(D), S, N); return CUDA_SUCCESS; }
CUresult cuMemcpyDtoH_v2(void *D, CUdeviceptr S, size_t N) { std::memcpy(D, at(S), N); return CUDA_SUCCESS; }
CUresult cuMemcpyDtoD_v2(CUdeviceptr D, CUdeviceptr S, size_t N) { std::memmove(at(D), at(S), N); return CUDA_SUCCESS; }
CUresult cuMemcpyHtoDAsync_v2(CUdeviceptr D, const void *S, size_t N, CUstream) { return cuMemcpyHtoD_v2(D, S, N); }
CUresult cuMemcpyDtoHAsync_v2(void *D, CUdeviceptr S, size_t N, CUstream) { return cuMemcpyDtoH_v2(D, S, N); }
CUresult cuMemcpyDtoDAsync_v2(CUdeviceptr D, CUdeviceptr S, size_t N, CUstream) { return cuMemcpyDtoD_v2(D, S, N); }
CUresult cuStreamCreate(CUstream *S, unsigned) { *S = reinterpret_cast<CUstream>(&StreamObject); return CUDA_SUCCESS; }
CUresult cuStreamDestroy_v2(CUstream) { return CUDA_SUCCESS; }
CUresult cuStreamSynchronize(CUstream) { return CUDA_SUCCESS; }
CUresult cuStreamGetCtx(CUstream, CUcontext *C) { *C = reinterpret_cast<CUcontext>(&ContextObject); return CUDA_SUCCESS; }
CUresult cuStreamWaitEvent(CUstream, CUevent, unsigned) { return CUDA_SUCCESS; }
CUresult cuMemGetInfo_v2(size_t *Free, size_t *Total) {
  *Free = *Total = size_t(1) << 30;
  return CUDA_SUCCESS;
}
CUresult cuEventCreate(CUevent *E, unsigned) { *E = reinterpret_cast<CUevent>(&EventObject); return CUDA_SUCCESS; }
CUresult cuEventDestroy_v2(CUevent) { return CUDA_SUCCESS; }
CUresult cuEventRecord(CUevent, CUstream) { return CUDA_SUCCESS; }
CUresult cuEventSynchronize(CUevent) { return CUDA_SUCCESS; }
CUresult cuEventQuery(CUevent) { return CUDA_SUCCESS; }
CUresult cuEventElapsedTime(float *Ms, CUevent, CUevent) { *Ms = 0; return CUDA_SUCCESS; }

CUresult cuModuleLoadDataEx(CUmodule *M, const void *Image, unsigned, CUjit_option *, void **) {
  FakeModule F;
  const char *Bytes = static_cast<const char *>(Image);
  uint32_t Magic = 0;
  std::memcpy(&Magic, Bytes, 4);
  if (Magic == 0xBA55ED50u) { // a fatbin: its header says its size
    uint16_t HeaderBytes = 0;
    uint64_t Body = 0;
    std::memcpy(&HeaderBytes, Bytes + 6, 2);
    std::memcpy(&Body, Bytes + 8, 8);
    F.Kind = "fatbin";
    F.Entries = entries(Bytes, HeaderBytes + Body);
  } else if (std::memcmp(Bytes, "\x7f" "ELF", 4) == 0) {
    F.Kind = "cubin"; // SASS: no PTX to read entries from
  } else {
    F.Kind = "PTX";
    F.Entries = entries(Bytes, std::strlen(Bytes));
  }
  std::lock_guard<std::mutex> G(Lock);
  Modules.push_back(F);
  *M = reinterpret_cast<CUmodule>(uintptr_t(Modules.size()));
  std::fprintf(stderr, "fake-cuda: module %zu: %s with %zu entries\n", Modules.size() - 1,
               F.Kind.c_str(), F.Entries.size());
  return CUDA_SUCCESS;
}
CUresult cuModuleGetFunction(CUfunction *Fn, CUmodule M, const char *Name) {
  std::lock_guard<std::mutex> G(Lock);
  size_t Index = size_t(reinterpret_cast<uintptr_t>(M)) - 1;
  const FakeModule &F = Modules.at(Index);
  bool Found = F.Kind == "cubin";
  for (const std::string &E : F.Entries)
    Found |= E == Name;
  if (!Found)
    return CUDA_ERROR_NOT_FOUND;
  Functions.push_back(new FakeFunction{Index, Name});
  *Fn = reinterpret_cast<CUfunction>(Functions.back());
  return CUDA_SUCCESS;
}
CUresult cuModuleGetGlobal_v2(CUdeviceptr *, size_t *, CUmodule, const char *) { return CUDA_ERROR_NOT_FOUND; }
CUresult cuMemHostGetDevicePointer_v2(CUdeviceptr *D, void *H, unsigned) {
  *D = CUdeviceptr(reinterpret_cast<uintptr_t>(H));
  return CUDA_SUCCESS;
}
CUresult cuFuncGetAttribute(int *V, CUfunction_attribute A, CUfunction) {
  *V = A == CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK ? 1024 : 0;
  return CUDA_SUCCESS;
}
CUresult cuFuncSetAttribute(CUfunction, CUfunction_attribute, int) { return CUDA_SUCCESS; }
static CUresult launch(const char *How, CUfunction Fn) {
  auto *F = reinterpret_cast<FakeFunction *>(Fn);
  std::fprintf(stderr, "fake-cuda: %s %s from module %zu\n", How, F->Name.c_str(), F->Module);
  return CUDA_SUCCESS;
}
CUresult cuLaunchKernel(CUfunction Fn, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,
                        unsigned, CUstream, void **, void **) {
  return launch("launch", Fn);
}
CUresult cuLaunchCooperativeKernel(CUfunction Fn, unsigned, unsigned, unsigned, unsigned, unsigned,
                                   unsigned, unsigned, CUstream, void **) {
  return launch("cooperative launch", Fn);
}
CUresult cuOccupancyMaxActiveBlocksPerMultiprocessor(int *N, CUfunction, int, size_t) {
  *N = 8;
  return CUDA_SUCCESS;
}

} // extern "C"

// Every function has the type the runtime calls it with.
#define FAKE_CUDA_SAME_TYPE(Name, Ret, Params)                                                     \
  static_assert(std::is_same_v<decltype(&Name), Ret(*) Params>, #Name);
PYKC_CUDA_FUNCTIONS(FAKE_CUDA_SAME_TYPE)
