//===- CudaBackend.cpp - CUDA devices through the driver API --------------===//
//
// One backend per CUDA device. Its primary context is retained on first use
// and pushed around every driver call, so callers' own current contexts are
// left alone; work on a borrowed stream of another context runs in that
// context instead (CudaContext.h). PTX modules are cached per (context, PTX
// pointer) and kernels per (context, module, name), and a compiled module's
// image is loaded once per context, so each is JIT-compiled once there.
//
//===----------------------------------------------------------------------===//
#include "Backend.h"
#include "BoundsRecord.h"
#include "CudaContext.h"
#include "CudaDriver.h"

#include "pykc/Error.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <tuple>
#include <vector>

using namespace pykc;
using namespace pykc::runtime;
using namespace pykc::runtime::cu;

namespace {

struct CachedFunction {
  CUfunction F = nullptr;
  int StaticShared = 0;
  int OptedInDynamicShared = 0; ///< Last MAX_DYNAMIC_SHARED_SIZE_BYTES set.
};

/// A compiled module loaded into one context: its kernels by index.
struct LoadedModule {
  std::vector<CUmodule> Modules; ///< One per GPU group (ModuleABI.h).
  std::vector<CachedFunction> Functions;
};

class CudaBackend final : public Backend {
public:
  CudaBackend(const Driver &D, int Id, CUdevice Dev) : D(D), Dev(Dev) {
    Info.Id = Id;
    Info.Kind = DeviceKind::CUDA;
    char Name[256] = {};
    check(D.cuDeviceGetName(Name, sizeof(Name) - 1, Dev), "cuDeviceGetName",
          "the CUDA driver cannot describe the device");
    Info.Name = Name;
    Info.ComputeCapabilityMajor =
        attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
    Info.ComputeCapabilityMinor =
        attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
    size_t Total = 0;
    check(D.cuDeviceTotalMem_v2(&Total, Dev), "cuDeviceTotalMem",
          "the CUDA driver cannot describe the device");
    Info.TotalMemory = Total;
    Info.MaxThreadsPerBlock =
        attribute(CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
    Info.MaxBlockDim = Dim3(attribute(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X),
                            attribute(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y),
                            attribute(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z));
    Info.MaxGridDim = Dim3(attribute(CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X),
                           attribute(CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y),
                           attribute(CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z));
    Info.SharedMemPerBlock =
        attribute(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK);
    Info.SharedMemPerBlockOptin =
        attribute(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN);
    Info.MultiprocessorCount =
        attribute(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
    Info.WarpSize = attribute(CU_DEVICE_ATTRIBUTE_WARP_SIZE);
  }

  void *allocate(size_t Bytes) override {
    ContextScope S(D, context());
    CUdeviceptr P = 0;
    check(D.cuMemAlloc_v2(&P, Bytes), "cuMemAlloc",
          "could not allocate " + std::to_string(Bytes) + " bytes on " +
              where() + "; free device arrays you no longer need");
    return reinterpret_cast<void *>(P);
  }
  void release(void *Ptr, size_t) noexcept override {
    if (!Context)
      return;
    ContextScope S(D, Context, ContextScope::NoThrow{});
    D.cuMemFree_v2(ptr(Ptr));
  }

  void copyHostToDevice(void *Dst, const void *Src, size_t Bytes,
                        void *Stream) override {
    ContextScope S = scope(Stream);
    if (Stream)
      checkAsync(D.cuMemcpyHtoDAsync_v2(ptr(Dst), Src, Bytes, stream(Stream)),
                 "cuMemcpyHtoDAsync", copyAdvice());
    else
      checkAsync(D.cuMemcpyHtoD_v2(ptr(Dst), Src, Bytes), "cuMemcpyHtoD", copyAdvice());
  }
  void copyDeviceToHost(void *Dst, const void *Src, size_t Bytes,
                        void *Stream) override {
    ContextScope S = scope(Stream);
    if (Stream)
      checkAsync(D.cuMemcpyDtoHAsync_v2(Dst, ptr(Src), Bytes, stream(Stream)),
                 "cuMemcpyDtoHAsync", copyAdvice());
    else
      checkAsync(D.cuMemcpyDtoH_v2(Dst, ptr(Src), Bytes), "cuMemcpyDtoH", copyAdvice());
  }
  void copyDeviceToDevice(void *Dst, const void *Src, size_t Bytes,
                          void *Stream) override {
    ContextScope S = scope(Stream);
    if (Stream)
      checkAsync(D.cuMemcpyDtoDAsync_v2(ptr(Dst), ptr(Src), Bytes, stream(Stream)),
                 "cuMemcpyDtoDAsync", copyAdvice());
    else
      checkAsync(D.cuMemcpyDtoD_v2(ptr(Dst), ptr(Src), Bytes), "cuMemcpyDtoD", copyAdvice());
  }

  void *allocatePinned(size_t Bytes) override {
    ContextScope S(D, context());
    void *P = nullptr;
    check(D.cuMemHostAlloc(&P, Bytes, CU_MEMHOSTALLOC_PORTABLE),
          "cuMemHostAlloc",
          "could not pin " + std::to_string(Bytes) +
              " bytes of host memory; use smaller pinned buffers");
    return P;
  }
  void releasePinned(void *Ptr) noexcept override {
    if (!Context)
      return;
    ContextScope S(D, Context, ContextScope::NoThrow{});
    D.cuMemFreeHost(Ptr);
  }

  void *createStream() override {
    ContextScope S(D, context());
    CUstream St = nullptr;
    check(D.cuStreamCreate(&St, CU_STREAM_DEFAULT), "cuStreamCreate",
          "could not create a stream on " + where());
    return St;
  }
  void borrowStream(void *St) override {
    CUcontext Owner = nullptr;
    check(D.cuStreamGetCtx(stream(St), &Owner), "cuStreamGetCtx",
          "the stream handle given to Stream::borrow is not a valid CUstream");
    if (Owner == context())
      return;
    // Streams of contexts pykc did not make: they must be on this GPU, and
    // the driver must name contexts uniquely for the kernels loaded there.
    if (!D.cuCtxGetId)
      throw Error(ErrorCode::InvalidValue,
                  "Stream::borrow: the stream belongs to another CUDA context than " + where() +
                      "'s primary context, and this driver (older than CUDA 12.0) cannot "
                      "identify contexts, which pykc needs to load its kernels there; update "
                      "the driver, or create the stream in the primary context");
    ForeignContext W{Owner, 0};
    CUdevice OwnerDevice = -1;
    {
      ContextScope S(D, Owner, /*Adopt=*/false);
      check(D.cuCtxGetDevice(&OwnerDevice), "cuCtxGetDevice",
            "the context of the stream given to Stream::borrow is unusable");
    }
    if (OwnerDevice != Dev)
      throw Error(ErrorCode::InvalidValue,
                  "Stream::borrow: the stream belongs to a CUDA context of another GPU than " +
                      where() + "; borrow it with the pykc device id of its context's GPU");
    unsigned long long Id = 0;
    check(D.cuCtxGetId(Owner, &Id), "cuCtxGetId",
          "the context of the stream given to Stream::borrow is unusable");
    W.Id = uint64_t(Id) + 1;
    Foreign.add(stream(St), W);
  }
  void releaseBorrowedStream(void *St) noexcept override { Foreign.remove(stream(St)); }
  bool inOtherContext(void *St) override { return Foreign.find(St).Ctx != nullptr; }
  void destroyStream(void *St) noexcept override {
    if (!St || !Context)
      return;
    ContextScope S(D, Context, ContextScope::NoThrow{});
    D.cuStreamDestroy_v2(stream(St));
  }
  void synchronizeStream(void *St) override {
    ContextScope S = scope(St);
    checkAsync(D.cuStreamSynchronize(stream(St)), "cuStreamSynchronize", asyncAdvice());
  }

  MemoryInfo memoryInfo() override {
    ContextScope S(D, context());
    size_t Free = 0, Total = 0;
    check(D.cuMemGetInfo_v2(&Free, &Total), "cuMemGetInfo",
          "the CUDA driver cannot report the memory of " + where());
    return {Free, Total};
  }
  void streamWaitEvent(void *St, void *E) override {
    ContextScope S = scope(St);
    checkAsync(D.cuStreamWaitEvent(stream(St), static_cast<CUevent>(E), 0), "cuStreamWaitEvent",
               asyncAdvice());
  }

  void *createEvent() override {
    ContextScope S(D, context());
    CUevent E = nullptr;
    check(D.cuEventCreate(&E, CU_EVENT_DEFAULT), "cuEventCreate",
          "could not create an event on " + where());
    return E;
  }
  void destroyEvent(void *E) noexcept override {
    if (!E || !Context)
      return;
    ContextScope S(D, Context, ContextScope::NoThrow{});
    D.cuEventDestroy_v2(static_cast<CUevent>(E));
  }
  void recordEvent(void *E, void *St) override {
    ContextScope S = scope(St);
    check(D.cuEventRecord(static_cast<CUevent>(E), stream(St)), "cuEventRecord",
          asyncAdvice());
  }
  void synchronizeEvent(void *E) override {
    ContextScope S(D, context());
    checkAsync(D.cuEventSynchronize(static_cast<CUevent>(E)), "cuEventSynchronize",
               asyncAdvice());
  }
  bool queryEvent(void *E) override {
    ContextScope S(D, context());
    CUresult R = D.cuEventQuery(static_cast<CUevent>(E));
    if (R == CUDA_ERROR_NOT_READY)
      return false;
    checkAsync(R, "cuEventQuery", asyncAdvice());
    return true;
  }
  float elapsedMilliseconds(void *Start, void *End) override {
    ContextScope S(D, context());
    float Ms = 0;
    check(D.cuEventElapsedTime(&Ms, static_cast<CUevent>(Start),
                               static_cast<CUevent>(End)),
          "cuEventElapsedTime",
          "record both events (Start before End) and synchronize End first");
    return Ms;
  }

  void synchronize() override {
    ContextScope S(D, context());
    checkAsync(D.cuCtxSynchronize(), "cuCtxSynchronize", asyncAdvice());
  }

  void *loadModule(const pykc_module_image &M) override {
    return loadModuleIn(M, context(), /*Adopt=*/true).release(); // lives with the module
  }

  void launchModuleKernel(void *Loaded, const pykc_module_image &M,
                          uint32_t Index, const LaunchConfig &C, void *St,
                          void **Args) override {
    ForeignContext W = Foreign.find(St);
    LoadedModule &L = W.Ctx ? loadedIn(Loaded, M, W) : *static_cast<LoadedModule *>(Loaded);
    CachedFunction &F = L.Functions[Index];
    KernelImage K{M.kernels[Index].name, nullptr, nullptr, 0, false};
    K.Cooperative = (M.kernels[Index].flags & PYKC_KERNEL_COOPERATIVE) != 0;
    checkLaunchConfig(K, C, Info.Id, uint64_t(F.StaticShared));
    ContextScope S = scope(W);
    launchFunction(F, K, C, St, Args);
  }

  void launch(const KernelImage &K, const LaunchConfig &C, void *St,
              void **Args) override {
    std::string Name = K.Name ? K.Name : "?";
    if (!K.Ptx)
      throw Error(
          ErrorCode::NoDevice,
          "kernel '" + Name +
              "' has no PTX (KernelImage::Ptx is "
              "null); compile it for CUDA or run it with `--backend cpu`");
    ForeignContext W = Foreign.find(St);
    ContextScope S = scope(W);
    CachedFunction &F = function(K, W.Id);
    checkLaunchConfig(K, C, Info.Id, uint64_t(F.StaticShared));
    launchFunction(F, K, C, St, Args);
  }

  unsigned residentBlocks(const KernelImage &K, unsigned BlockThreads,
                          void *St) override {
    if (!K.Ptx)
      return 0;
    ForeignContext W = Foreign.find(St);
    ContextScope S = scope(W);
    return occupancy(function(K, W.Id), BlockThreads);
  }

  unsigned residentModuleBlocks(void *Loaded, const pykc_module_image &M,
                                uint32_t Index, unsigned BlockThreads,
                                void *St) override {
    ForeignContext W = Foreign.find(St);
    LoadedModule &L = W.Ctx ? loadedIn(Loaded, M, W) : *static_cast<LoadedModule *>(Loaded);
    ContextScope S = scope(W);
    return occupancy(L.Functions[Index], BlockThreads);
  }

private:
  /// The driver's answer, or 0 when it has none (the caller then assumes
  /// what a kernel of few registers gets).
  unsigned occupancy(const CachedFunction &F, unsigned BlockThreads) {
    int PerSm = 0;
    if (D.cuOccupancyMaxActiveBlocksPerMultiprocessor(&PerSm, F.F, int(BlockThreads), 0) !=
        CUDA_SUCCESS)
      return 0;
    return unsigned(std::max(PerSm, 0));
  }

  /// Makes current the context work on \p W's stream runs in: the borrowed
  /// stream's own, else the primary one.
  ContextScope scope(const ForeignContext &W) {
    if (W.Ctx)
      return ContextScope(D, W.Ctx, /*Adopt=*/false);
    return ContextScope(D, context());
  }
  ContextScope scope(void *St) { return scope(Foreign.find(St)); }

  /// The module whose primary-context load is \p Primary, loaded into the
  /// other context \p W on first use. Kept for the process's lifetime, as
  /// modules are; destroying W's context frees its CUmodule in the driver,
  /// and W's unique id keeps a later context at the same address apart.
  LoadedModule &loadedIn(void *Primary, const pykc_module_image &M, const ForeignContext &W) {
    std::lock_guard<std::mutex> Lock(CacheMutex);
    std::unique_ptr<LoadedModule> &L = ForeignModules[{Primary, W.Id}];
    if (!L)
      L = loadModuleIn(M, W.Ctx, /*Adopt=*/false);
    return *L;
  }

  /// Loads the best image of each of \p M's GPU groups (ModuleABI.h) for
  /// this GPU into context \p Ctx (\p Adopt: the primary one) and looks up
  /// every kernel in its group's module.
  std::unique_ptr<LoadedModule> loadModuleIn(const pykc_module_image &M, CUcontext Ctx,
                                             bool Adopt) {
    uint32_t Groups = std::max(M.num_gpu_groups, 1u);
    ContextScope S(D, Ctx, Adopt);
    auto L = std::make_unique<LoadedModule>();
    for (uint32_t G = 0; G < Groups; ++G)
      L->Modules.push_back(loadGroup(M, G, Groups));
    for (uint32_t I = 0; I < M.num_kernels; ++I) {
      CachedFunction F;
      const char *Symbol = M.kernels[I].symbol;
      uint32_t G = M.kernels[I].gpu_group;
      if (G >= Groups)
        throw Error(ErrorCode::ModuleLoad, std::string("module '") + M.name + "' puts kernel '" +
                                               Symbol + "' in GPU group " + std::to_string(G) +
                                               " of " + std::to_string(Groups) +
                                               "; the object is damaged, recompile it");
      check(D.cuModuleGetFunction(&F.F, L->Modules[G], Symbol),
            "cuModuleGetFunction",
            std::string("module '") + M.name + "' has no kernel named '" +
                Symbol + "'; the object is damaged, recompile it");
      check(D.cuFuncGetAttribute(&F.StaticShared,
                                 CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, F.F),
            "cuFuncGetAttribute(SHARED_SIZE_BYTES)",
            "the CUDA driver cannot describe the kernel");
      L->Functions.push_back(F);
    }
    return L;
  }

  /// Loads the best image of group \p G of \p M (of \p Groups). Called with
  /// the context current.
  CUmodule loadGroup(const pykc_module_image &M, uint32_t G, uint32_t Groups) {
    const pykc_gpu_image *Image = pickImage(M, G);
    std::string Part = Groups > 1 ? " (GPU group " + std::to_string(G) + ")" : "";
    if (!Image) {
      std::string Have;
      for (uint32_t I = 0; I < M.num_images; ++I)
        if (M.images[I].group == G)
          Have += std::string(Have.empty() ? "" : ", ") + M.images[I].arch;
      throw Error(ErrorCode::ModuleLoad,
                  std::string("module '") + M.name + "'" + Part + " has no GPU code for " +
                      where() + " (" + smName() + "); it holds " +
                      (Have.empty() ? std::string("none") : Have) +
                      ". Recompile it with --arch " + smName() +
                      ", or run it on the CPU with PYKC_BACKEND=cpu");
    }
    auto What = [&](const pykc_gpu_image *I) {
      return std::string("module '") + M.name + "'" + Part + " (" + I->arch + ")";
    };
    const pykc_gpu_image *Used = Image;
    CUmodule Loaded = nullptr;
    try {
      Loaded = loadImage(Image->data, What(Image));
    } catch (const Error &) {
      // SASS from a toolkit newer than the driver does not load; the
      // embedded PTX JIT-compiles on any driver that knows its ISA.
      const pykc_gpu_image *Ptx = pickPtx(M, G);
      if (!Ptx || Ptx == Image)
        throw;
      Loaded = loadImage(Ptx->data, What(Ptx));
      Used = Ptx;
    }
    attachBoundsRecord(Loaded);
    // PYKC_LOG_MODULES=1 says which image each module was loaded from, to
    // check a deployment's architectures without a profiler.
    if (const char *Log = std::getenv("PYKC_LOG_MODULES");
        Log && *Log && *Log != '0')
      std::fprintf(
          stderr,
          "pykc: module '%s'%s loaded on %s (%s) from its %s image (%s)%s\n",
          M.name, Part.c_str(), where().c_str(), smName().c_str(), imageKindName(Used->kind),
          Used->arch ? Used->arch : "?",
          Used == Image ? "" : " after the first choice failed to load");
    return Loaded;
  }

  /// Opts F in to the dynamic shared memory C needs and launches it. Called
  /// with the context current, after the limits were checked.
  void launchFunction(CachedFunction &F, const KernelImage &K,
                      const LaunchConfig &C, void *St, void **Args) {
    auto Name = [&] { return std::string(K.Name ? K.Name : "?"); };
    uint64_t Total = uint64_t(F.StaticShared) + C.DynamicSharedBytes;
    if (Total > Info.SharedMemPerBlock) { // rare: only then take the lock
      std::lock_guard<std::mutex> Lock(CacheMutex);
      if (int(C.DynamicSharedBytes) > F.OptedInDynamicShared) {
        check(D.cuFuncSetAttribute(
                  F.F, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                  int(C.DynamicSharedBytes)),
              "cuFuncSetAttribute(MAX_DYNAMIC_SHARED_SIZE_BYTES)",
              "kernel '" + Name() + "' cannot use " +
                  std::to_string(C.DynamicSharedBytes) +
                  " bytes of dynamic shared memory on " + where());
        F.OptedInDynamicShared = int(C.DynamicSharedBytes);
      }
    }
    if (K.Cooperative)
      return launchCooperative(F, Name(), C, St, Args);
    CUresult R = D.cuLaunchKernel(
        F.F, C.Grid.x, C.Grid.y, C.Grid.z, C.Block.x, C.Block.y, C.Block.z,
        unsigned(C.DynamicSharedBytes), stream(St), Args, nullptr);
    if (R != CUDA_SUCCESS)
      checkAsync(R, "cuLaunchKernel",
            "kernel '" + Name() + "' could not be launched on " + where() +
                "; check that the arguments match its signature and that "
                "the block does not use too many registers (try smaller "
                "blocks)");
  }

  /// A kernel with a grid barrier: every block must be resident at once,
  /// which cuLaunchCooperativeKernel guarantees or refuses.
  void launchCooperative(CachedFunction &F, const std::string &Name,
                         const LaunchConfig &C, void *St, void **Args) {
    CUresult R = D.cuLaunchCooperativeKernel(
        F.F, C.Grid.x, C.Grid.y, C.Grid.z, C.Block.x, C.Block.y, C.Block.z,
        unsigned(C.DynamicSharedBytes), stream(St), Args);
    if (R == CUDA_SUCCESS)
      return;
    std::string Advice = "kernel '" + Name + "' synchronizes its grid "
                         "(cuda.cg.this_grid().sync()), so all its blocks "
                         "must fit on " + where() + " at once";
    int PerSm = 0;
    if (R == CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE &&
        D.cuOccupancyMaxActiveBlocksPerMultiprocessor(
            &PerSm, F.F, int(C.Block.count()), C.DynamicSharedBytes) == CUDA_SUCCESS)
      Advice += ": at most " + std::to_string(uint64_t(PerSm) * Info.MultiprocessorCount) +
                " blocks of " + std::to_string(C.Block.count()) + " threads, not " +
                std::to_string(C.Grid.count()) + "; launch fewer blocks and loop over the data";
    else
      Advice += ", and the device must support cooperative launches";
    check(R, "cuLaunchCooperativeKernel", Advice);
  }

  static CUdeviceptr ptr(const void *P) {
    return reinterpret_cast<CUdeviceptr>(P);
  }
  static CUstream stream(void *S) { return static_cast<CUstream>(S); }

  std::string where() const {
    return "CUDA device " + std::to_string(Info.Id) + " (" + Info.Name + ")";
  }
  std::string copyAdvice() const {
    return "a copy on " + where() +
           " failed; check the array sizes, or an earlier kernel failed "
           "(errors of asynchronous launches surface at the next call)";
  }
  std::string asyncAdvice() const {
    return "work queued on " + where() +
           " failed; an earlier kernel probably faulted (run it under "
           "compute-sanitizer, or with `--backend cpu` to debug)";
  }

  int attribute(CUdevice_attribute A) {
    int V = 0;
    check(D.cuDeviceGetAttribute(&V, A, Dev), "cuDeviceGetAttribute",
          "the CUDA driver cannot describe the device");
    return V;
  }

  CUcontext context() {
    std::call_once(ContextOnce, [&] {
      CUcontext C = nullptr;
      check(D.cuDevicePrimaryCtxRetain(&C, Dev), "cuDevicePrimaryCtxRetain",
            "could not create a context on " + where() +
                " (is it in exclusive-process mode and used by another "
                "process?)");
      Context = C;
    });
    return Context;
  }

  /// Loads a PTX, cubin or fatbin image; What names it in the error.
  /// Called with the context current.
  CUmodule loadImage(const void *Data, const std::string &What) {
    char ErrorLog[8192] = {}, InfoLog[8192] = {};
    CUjit_option Options[] = {
        CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
        CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES};
    void *Values[] = {ErrorLog, reinterpret_cast<void *>(sizeof(ErrorLog)),
                      InfoLog, reinterpret_cast<void *>(sizeof(InfoLog))};
    CUmodule M = nullptr;
    CUresult R = D.cuModuleLoadDataEx(&M, Data, 4, Options, Values);
    if (R != CUDA_SUCCESS) {
      std::string Log = ErrorLog[0] ? ErrorLog : "(the JIT log is empty)";
      check(R, "cuModuleLoadDataEx",
            What + " did not load on " + where() + " (" + smName() +
                "); the JIT said:\n" + Log +
                "\ncompile for this GPU's architecture (--arch " + smName() +
                ") or update the driver");
    }
    return M;
  }

  /// Points a module compiled with --boundscheck at this device's bounds
  /// record (KernelABI.h): host memory mapped for the device, made on the
  /// first such module. Called with the context current.
  void attachBoundsRecord(CUmodule M) {
    CUdeviceptr Global = 0;
    size_t Bytes = 0;
    if (D.cuModuleGetGlobal_v2(&Global, &Bytes, M, PYKC_BOUNDS_RECORD_SYMBOL) != CUDA_SUCCESS ||
        Bytes != sizeof(CUdeviceptr))
      return; // no bounds checks in this module
    std::lock_guard<std::mutex> Lock(BoundsMutex);
    if (!Bounds) {
      void *Host = nullptr;
      check(D.cuMemHostAlloc(&Host, sizeof(pykc_bounds_record),
                             CU_MEMHOSTALLOC_PORTABLE | CU_MEMHOSTALLOC_DEVICEMAP),
            "cuMemHostAlloc", "could not map host memory for --boundscheck's record on " +
                                  where());
      std::memset(Host, 0, sizeof(pykc_bounds_record));
      check(D.cuMemHostGetDevicePointer_v2(&BoundsDevice, Host, 0), "cuMemHostGetDevicePointer",
            "the device cannot address mapped host memory, which --boundscheck needs on " +
                where());
      Bounds = static_cast<pykc_bounds_record *>(Host);
    }
    check(D.cuMemcpyHtoD_v2(Global, &BoundsDevice, sizeof BoundsDevice), "cuMemcpyHtoD",
          "could not set up --boundscheck's record on " + where());
  }

  /// check() for a call where an earlier launch's failure surfaces: a
  /// kernel that trapped on an index out of range says which one.
  void checkAsync(CUresult R, const char *Call, const std::string &Advice) {
    if (R == CUDA_SUCCESS)
      return;
    if (Bounds && __atomic_load_n(&Bounds->state, __ATOMIC_ACQUIRE) == 2) {
      pykc_bounds_record Copy;
      std::memcpy(&Copy, Bounds, sizeof Copy);
      Bounds->state = 0;
      throw Error(ErrorCode::Kernel,
                  boundsRecordMessage(Copy) + " on " + where() + "; " + Call + " then failed with " +
                      describe(R) +
                      ": the CUDA context is unusable now, restart the process (or run the "
                      "kernel with `--backend cpu`, which reports without stopping)");
    }
    check(R, Call, Advice);
  }

  std::string smName() const {
    return "sm_" + std::to_string(Info.ComputeCapabilityMajor) +
           std::to_string(Info.ComputeCapabilityMinor);
  }

  /// The image of M's group \p G this GPU runs best: SASS built for exactly its
  /// architecture, else a fatbin (the driver picks its SASS or JIT-compiles
  /// its PTX), else SASS of its major architecture and a lower minor one
  /// (which CUDA runs unchanged: sm_86 SASS on an sm_87), else the PTX of
  /// the newest architecture it supports. Architecture-specific targets
  /// (sm_90a) only run on that architecture.
  const pykc_gpu_image *pickImage(const pykc_module_image &M, uint32_t G) const {
    for (uint32_t I = 0; I < M.num_images; ++I)
      if (M.images[I].group == G && M.images[I].kind == PYKC_IMAGE_CUBIN &&
          M.images[I].sm == sm())
        return &M.images[I];
    for (uint32_t I = 0; I < M.num_images; ++I)
      if (M.images[I].group == G && M.images[I].kind == PYKC_IMAGE_FATBIN)
        return &M.images[I];
    const pykc_gpu_image *Compatible = nullptr;
    for (uint32_t I = 0; I < M.num_images; ++I) {
      const pykc_gpu_image &Image = M.images[I];
      if (Image.group != G)
        continue;
      std::string Arch = Image.arch ? Image.arch : "";
      bool Specific = !Arch.empty() && Arch.back() == 'a';
      if (Image.kind == PYKC_IMAGE_CUBIN && !Specific && Image.sm / 10 == sm() / 10 &&
          Image.sm < sm() && (!Compatible || Image.sm > Compatible->sm))
        Compatible = &Image;
    }
    return Compatible ? Compatible : pickPtx(M, G);
  }

  static const char *imageKindName(uint32_t Kind) {
    return Kind == PYKC_IMAGE_CUBIN    ? "cubin"
           : Kind == PYKC_IMAGE_FATBIN ? "fatbin"
                                       : "PTX";
  }

  uint32_t sm() const {
    return uint32_t(Info.ComputeCapabilityMajor * 10 +
                    Info.ComputeCapabilityMinor);
  }

  /// The PTX of group \p G for the newest architecture this GPU supports,
  /// or null.
  const pykc_gpu_image *pickPtx(const pykc_module_image &M, uint32_t G) const {
    const pykc_gpu_image *Best = nullptr;
    for (uint32_t I = 0; I < M.num_images; ++I) {
      const pykc_gpu_image &Image = M.images[I];
      if (Image.group != G)
        continue;
      std::string Arch = Image.arch ? Image.arch : "";
      bool Specific = !Arch.empty() && Arch.back() == 'a'; // sm_90a: only sm_90
      if (Image.kind == PYKC_IMAGE_PTX && Image.sm <= sm() &&
          (!Specific || Image.sm == sm()) && (!Best || Image.sm > Best->sm))
        Best = &Image;
    }
    return Best;
  }

  /// The kernel's function in the current context (\p CtxId: 0 for the
  /// primary one, else ForeignContext::Id), loading its module there on
  /// first use. Called with that context current.
  CachedFunction &function(const KernelImage &K, uint64_t CtxId) {
    std::lock_guard<std::mutex> Lock(CacheMutex);
    auto Key = std::make_tuple(CtxId, static_cast<const void *>(K.Ptx),
                               std::string(K.Name ? K.Name : ""));
    auto It = Functions.find(Key);
    if (It != Functions.end())
      return It->second;
    CUmodule &M = Modules[{CtxId, K.Ptx}];
    if (!M) {
      M = loadImage(K.Ptx, "the PTX of kernel '" +
                               std::string(K.Name ? K.Name : "?") + "'");
      attachBoundsRecord(M);
    }
    CachedFunction F;
    check(D.cuModuleGetFunction(&F.F, M, K.Name), "cuModuleGetFunction",
          "the PTX has no kernel named '" + std::string(K.Name ? K.Name : "?") +
              "'; multi-signature kernels are named NAME__TYPES (see "
              "KernelABI.h)");
    check(D.cuFuncGetAttribute(&F.StaticShared,
                               CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, F.F),
          "cuFuncGetAttribute(SHARED_SIZE_BYTES)",
          "the CUDA driver cannot describe the kernel");
    return Functions.emplace(Key, F).first->second;
  }

  const Driver &D;
  CUdevice Dev;
  std::once_flag ContextOnce;
  CUcontext Context = nullptr;
  std::mutex CacheMutex;
  std::map<std::pair<uint64_t, const char *>, CUmodule> Modules;
  std::map<std::tuple<uint64_t, const void *, std::string>, CachedFunction> Functions;
  /// Modules loaded into other contexts: by primary load and context id.
  std::map<std::pair<void *, uint64_t>, std::unique_ptr<LoadedModule>> ForeignModules;
  ForeignStreams Foreign;
  std::mutex BoundsMutex;
  pykc_bounds_record *Bounds = nullptr; ///< Mapped host memory, never freed.
  CUdeviceptr BoundsDevice = 0;
};

} // namespace

std::vector<std::unique_ptr<Backend>>
pykc::runtime::createCudaBackends(int FirstId) {
  std::vector<std::unique_ptr<Backend>> Result;
  const Driver *D = driver();
  if (!D)
    return Result;
  int Count = 0;
  if (D->cuDeviceGetCount(&Count) != CUDA_SUCCESS)
    return Result;
  for (int I = 0; I < Count; ++I) {
    CUdevice Dev;
    if (D->cuDeviceGet(&Dev, I) != CUDA_SUCCESS)
      continue;
    try {
      Result.push_back(
          std::make_unique<CudaBackend>(*D, FirstId + int(Result.size()), Dev));
    } catch (const Error &) {
      // A device the driver cannot describe is left out.
    }
  }
  return Result;
}

std::string pykc::runtime::cudaUnavailableReason() {
  if (!driver())
    return driverLoadError();
  return "the CUDA driver reports no usable device";
}
