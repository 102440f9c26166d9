//===- RuntimeC.cpp - The C interface over the C++ API --------------------===//
#include "Allocations.h"

#include "pykc/Reduce.h"
#include "pykc/Runtime.h"
#include "pykc/runtime_c.h"

#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

using namespace pykc;

namespace {

thread_local std::string LastError;

pykc_status statusOf(ErrorCode C) {
  switch (C) {
  case ErrorCode::InvalidValue:
    return PYKC_ERROR_INVALID_VALUE;
  case ErrorCode::NoDevice:
    return PYKC_ERROR_NO_DEVICE;
  case ErrorCode::LaunchLimit:
    return PYKC_ERROR_LAUNCH_LIMIT;
  case ErrorCode::OutOfMemory:
    return PYKC_ERROR_OUT_OF_MEMORY;
  case ErrorCode::ModuleLoad:
    return PYKC_ERROR_MODULE_LOAD;
  case ErrorCode::Driver:
    return PYKC_ERROR_DRIVER;
  case ErrorCode::Kernel:
    return PYKC_ERROR_KERNEL;
  }
  return PYKC_ERROR_UNKNOWN;
}

/// Runs Body, turning exceptions into a status and LastError.
template <typename F> pykc_status guarded(F &&Body) {
  try {
    Body();
    return PYKC_SUCCESS;
  } catch (const Error &E) {
    LastError = E.what();
    return statusOf(E.code());
  } catch (const std::bad_alloc &) {
    LastError = "pykc: out of host memory";
    return PYKC_ERROR_OUT_OF_MEMORY;
  } catch (const std::exception &E) {
    LastError = std::string("pykc: ") + E.what();
    return PYKC_ERROR_UNKNOWN;
  } catch (...) {
    LastError = "pykc: unknown error";
    return PYKC_ERROR_UNKNOWN;
  }
}

pykc_status failure(pykc_status Status, const std::string &Message) {
  LastError = "pykc: " + Message;
  return Status;
}

/// Checks a pykc_memcpy_* call before anything is read or written: both
/// pointers non-null (unless nothing is copied), and neither range wrapping
/// or running past the end of one of the runtime's allocations.
pykc_status checkCopy(const char *Function, const void *Dst, const void *Src, size_t Bytes) {
  if (Bytes == 0)
    return PYKC_SUCCESS;
  for (const void *P : {Dst, Src}) {
    const char *Side = P == Dst ? "destination" : "source";
    if (!P)
      return failure(PYKC_ERROR_INVALID_VALUE,
                     std::string(Function) + ": the " + Side + " of a " + std::to_string(Bytes) +
                         "-byte copy is null; pass memory from pykc_malloc (or the host's "
                         "own), or copy 0 bytes");
    if (std::string Problem = runtime::copyRangeProblem(P, Bytes); !Problem.empty())
      return failure(PYKC_ERROR_INVALID_VALUE, std::string(Function) + ": the " + Side + "'s " +
                                                   Problem +
                                                   "; copy no more than the allocation holds");
  }
  return PYKC_SUCCESS;
}

pykc_status nullArgument(const char *Function) {
  LastError = std::string("pykc: ") + Function +
              ": a required pointer argument is null; pass the address of a variable "
              "(runtime_c.h says which arguments may be null)";
  return PYKC_ERROR_INVALID_VALUE;
}

/// The runtime's state of a module image loaded through the C API: one
/// pykc::Module per image, kept for the life of the process.
const Module &moduleOf(const pykc_module_image *Image) {
  static std::mutex Lock;
  static std::map<const pykc_module_image *, std::unique_ptr<Module>> *Modules =
      new std::map<const pykc_module_image *, std::unique_ptr<Module>>; // never destroyed
  std::lock_guard<std::mutex> Guard(Lock);
  std::unique_ptr<Module> &M = (*Modules)[Image];
  if (!M)
    M = std::make_unique<Module>(*Image);
  return *M;
}

/// Refuses an image of another ABI before its table is read.
void checkImage(const pykc_module_image *Image) {
  if (Image->abi_version != PYKC_MODULE_ABI_VERSION)
    throw Error(ErrorCode::ModuleLoad,
                "module '" + std::string(Image->name ? Image->name : "?") +
                    "' was built for module ABI version " + std::to_string(Image->abi_version) +
                    ", but this runtime has version " + std::to_string(PYKC_MODULE_ABI_VERSION) +
                    "; rebuild it with this runtime's pykc");
}

void checkIndex(const pykc_module_image *Image, uint32_t Index, const char *What) {
  if (Index >= Image->num_kernels)
    throw Error(ErrorCode::InvalidValue,
                std::string(What) + ": module '" + Image->name + "' has " +
                    std::to_string(Image->num_kernels) + " kernels, not one numbered " +
                    std::to_string(Index));
}

} // namespace

extern "C" {

pykc_status pykc_module_find_kernel(const pykc_module_image *Image, const char *Name,
                                    uint32_t *Index) {
  if (!Image || !Name || !Index)
    return nullArgument("pykc_module_find_kernel");
  return guarded([&] {
    checkImage(Image);
    std::string Names;
    for (uint32_t I = 0; I < Image->num_kernels; ++I) {
      const pykc_kernel_entry &K = Image->kernels[I];
      if (std::string(K.name) == Name || std::string(K.symbol) == Name) {
        *Index = I;
        return;
      }
      if (Names.find(std::string("'") + K.name + "'") == std::string::npos)
        Names += std::string(Names.empty() ? "" : ", ") + "'" + K.name + "'";
    }
    throw Error(ErrorCode::InvalidValue, "module '" + std::string(Image->name) +
                                             "' has no kernel named '" + Name + "' (it has " +
                                             (Names.empty() ? "none" : Names) + ")");
  });
}

pykc_status pykc_module_find_reduction(const pykc_module_image *Image, const char *Name,
                                       const char *Dtype, uint32_t *GpuKernel,
                                       uint32_t *CpuKernel) {
  if (!Image || !Name || !Dtype || !GpuKernel || !CpuKernel)
    return nullArgument("pykc_module_find_reduction");
  return guarded([&] {
    checkImage(Image);
    // pykc names a reduction's two kernels NAME__pykc_reduce_DTYPE_gpu and
    // _cpu (ir/Reduction.cpp), NAME's dots spelled "__" as in every symbol.
    std::string Stem;
    for (const char *C = Name; *C; ++C)
      Stem += *C == '.' ? std::string("__") : std::string(1, *C);
    Stem += std::string("__pykc_reduce_") + Dtype;
    const std::string Marker = "__pykc_reduce_";
    std::optional<uint32_t> Gpu, Cpu;
    std::string Known;
    for (uint32_t I = 0; I < Image->num_kernels; ++I) {
      std::string Symbol = Image->kernels[I].symbol;
      if (Symbol == Stem + "_gpu")
        Gpu = I;
      else if (Symbol == Stem + "_cpu")
        Cpu = I;
      size_t At = Symbol.find(Marker);
      if (At != std::string::npos && Symbol.size() > 4 &&
          Symbol.compare(Symbol.size() - 4, 4, "_gpu") == 0) {
        std::string Dt = Symbol.substr(At + Marker.size(),
                                       Symbol.size() - 4 - At - Marker.size());
        Known += std::string(Known.empty() ? "" : ", ") + "'" + Symbol.substr(0, At) + "' (" +
                 Dt + ")";
      }
    }
    if (!Gpu || !Cpu)
      throw Error(ErrorCode::InvalidValue,
                  "module '" + std::string(Image->name) + "' has no @cuda.reduce '" + Name +
                      "' compiled for " + Dtype + " (it has " +
                      (Known.empty() ? "none" : Known) +
                      "); compile it with --sig '" + Name + "(" + Dtype + ")'");
    *GpuKernel = *Gpu;
    *CpuKernel = *Cpu;
  });
}

pykc_status pykc_module_launch(const pykc_module_image *Image, uint32_t Index,
                               const uint32_t Grid[3], const uint32_t Block[3],
                               size_t DynamicSharedBytes, void **Args) {
  if (!Image || !Grid || !Block)
    return nullArgument("pykc_module_launch");
  return guarded([&] {
    checkImage(Image);
    checkIndex(Image, Index, "pykc_module_launch");
    LaunchConfig C;
    C.Grid = Dim3(Grid[0], Grid[1], Grid[2]);
    C.Block = Dim3(Block[0], Block[1], Block[2]);
    C.DynamicSharedBytes = DynamicSharedBytes;
    launch(moduleOf(Image), Index, C, Args, nullptr, 0);
  });
}

pykc_status pykc_module_reduce(const pykc_module_image *Image, uint32_t GpuKernel,
                               uint32_t CpuKernel, size_t ElementSize, const void *Data,
                               int64_t Count, int64_t Stride, int OnDevice, const void *Init,
                               void *Result) {
  if (!Image || !Init || !Result || (Count > 0 && !Data))
    return nullArgument("pykc_module_reduce");
  return guarded([&] {
    checkImage(Image);
    checkIndex(Image, GpuKernel, "pykc_module_reduce");
    checkIndex(Image, CpuKernel, "pykc_module_reduce");
    if (ElementSize == 0 || ElementSize > 8)
      throw Error(ErrorCode::InvalidValue, "pykc_module_reduce: element size " +
                                               std::to_string(ElementSize) +
                                               " is not that of a reducible dtype (1 to 8 bytes)");
    std::memcpy(Result, Init, ElementSize);
    if (Count <= 0)
      return;
    ReduceKernels K(moduleOf(Image), GpuKernel, CpuKernel);
    if (OnDevice)
      detail::reduceOnDevice(K, ElementSize, const_cast<void *>(Data), Count, Stride, Init,
                             nullptr, Result, nullptr);
    else
      detail::reduceHost(K, ElementSize, Data, uint64_t(Count), Init, nullptr, Result, nullptr,
                         StreamLimits::forCurrentDevice());
  });
}

const char *pykc_last_error(void) { return LastError.c_str(); }

pykc_status pykc_device_count(int *Count) {
  if (!Count)
    return nullArgument("pykc_device_count");
  return guarded([&] { *Count = int(list_devices().size()); });
}

pykc_status pykc_select_device(int Id) {
  return guarded([&] { select_device(Id); });
}

pykc_status pykc_current_device(int *Id) {
  if (!Id)
    return nullArgument("pykc_current_device");
  return guarded([&] { *Id = currentDeviceId(); });
}

pykc_status pykc_device_is_cuda(int Id, int *IsCuda) {
  if (!IsCuda)
    return nullArgument("pykc_device_is_cuda");
  return guarded([&] {
    auto Devices = list_devices();
    if (Id < 0 || Id >= int(Devices.size()))
      throw Error(ErrorCode::NoDevice,
                  "there is no device " + std::to_string(Id));
    *IsCuda = Devices[Id].Kind == DeviceKind::CUDA;
  });
}

pykc_status pykc_device_memory_info(int Id, uint64_t *FreeBytes, uint64_t *TotalBytes) {
  if (!FreeBytes || !TotalBytes)
    return nullArgument("pykc_device_memory_info");
  return guarded([&] {
    MemoryInfo M = get_memory_info(Id);
    *FreeBytes = M.Free;
    *TotalBytes = M.Total;
  });
}

pykc_status pykc_synchronize(void) {
  return guarded([] { synchronize(); });
}

pykc_status pykc_malloc(void **Ptr, size_t Bytes) {
  if (!Ptr)
    return nullArgument("pykc_malloc");
  *Ptr = nullptr;
  if (Bytes > size_t(PTRDIFF_MAX))
    return failure(PYKC_ERROR_OUT_OF_MEMORY,
                   "pykc_malloc: " + std::to_string(Bytes) +
                       " bytes is more than any device can hold (at most 2^63 - 1 bytes); "
                       "check how the size was computed (a negative size converted to "
                       "size_t, or a product that overflowed)");
  return guarded([&] { *Ptr = deviceMalloc(currentDeviceId(), Bytes); });
}

pykc_status pykc_free(void *Ptr) {
  if (!Ptr)
    return PYKC_SUCCESS; // as free(NULL)
  std::optional<runtime::Allocation> A = runtime::findAllocation(Ptr);
  if (!A)
    return failure(PYKC_ERROR_INVALID_VALUE,
                   "pykc_free(" + runtime::addressString(uintptr_t(Ptr)) +
                       "): this pointer is not one pykc_malloc returned, or it was freed "
                       "already; free each pointer from pykc_malloc exactly once (memory "
                       "of other libraries is freed by them)");
  if (A->Start != uintptr_t(Ptr))
    return failure(PYKC_ERROR_INVALID_VALUE,
                   "pykc_free(" + runtime::addressString(uintptr_t(Ptr)) + "): this pointer is " +
                       std::to_string(uintptr_t(Ptr) - A->Start) + " bytes into the " +
                       std::to_string(A->Bytes) + "-byte allocation at " +
                       runtime::addressString(A->Start) +
                       "; pass the pointer pykc_malloc returned");
  return guarded([&] { deviceFree(A->Device, Ptr); });
}

pykc_status pykc_memcpy_htod(void *Dst, const void *Src, size_t Bytes) {
  if (pykc_status S = checkCopy("pykc_memcpy_htod", Dst, Src, Bytes))
    return S;
  return guarded([&] { copyHostToDevice(currentDeviceId(), Dst, Src, Bytes); });
}

pykc_status pykc_memcpy_dtoh(void *Dst, const void *Src, size_t Bytes) {
  if (pykc_status S = checkCopy("pykc_memcpy_dtoh", Dst, Src, Bytes))
    return S;
  return guarded([&] { copyDeviceToHost(currentDeviceId(), Dst, Src, Bytes); });
}

pykc_status pykc_memcpy_dtod(void *Dst, const void *Src, size_t Bytes) {
  if (pykc_status S = checkCopy("pykc_memcpy_dtod", Dst, Src, Bytes))
    return S;
  return guarded(
      [&] { copyDeviceToDevice(currentDeviceId(), Dst, Src, Bytes); });
}

pykc_status pykc_launch(const pykc_kernel_image *Kernel, const uint32_t Grid[3],
                        const uint32_t Block[3], size_t DynamicSharedBytes,
                        void **Args) {
  if (!Kernel || !Grid || !Block)
    return nullArgument("pykc_launch");
  return guarded([&] {
    KernelImage K{Kernel->name, Kernel->ptx, Kernel->cpu_entry,
                  Kernel->cpu_shared_bytes, Kernel->cpu_uses_barrier != 0};
    K.Cooperative = Kernel->cooperative != 0;
    LaunchConfig C;
    C.Grid = Dim3(Grid[0], Grid[1], Grid[2]);
    C.Block = Dim3(Block[0], Block[1], Block[2]);
    C.DynamicSharedBytes = DynamicSharedBytes;
    launch(K, C, Args);
  });
}

} // extern "C"
