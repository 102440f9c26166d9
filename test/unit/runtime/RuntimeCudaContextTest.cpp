//===- RuntimeCudaContextTest.cpp - Streams of other CUDA contexts --------===//
//
// A library with a CUDA context of its own (cuCtxCreate), a stream and
// memory in it: pykc borrows the stream and launches on it, through a
// compiled module (as generated headers launch) and through a KernelImage,
// with that context current and with none, and the caller's current
// context is the same afterwards. A reduction on such a stream is refused
// (its scratch memory is the primary context's). GPU only: skipped without
// one.
//
//===----------------------------------------------------------------------===//
#include "pykc/Runtime.h"
#include "runtime/lib/CudaDriver.h"

#include "ErrorOf.h"

#include "IncrementPtx.h"

#include <gtest/gtest.h>

#include <dlfcn.h>

#include <cstring>
#include <vector>

using namespace pykc;
using namespace pykc::runtime::cu;
using pykc::test::errorOf;

namespace {


const char *IncrementNames[] = {"a"};
const char *IncrementTypes[] = {"float32[:]"};
const pykc_kernel_entry IncrementEntries[] = {{"increment", "increment", "(a: float32[:])", 1, 3, 0, 0,
                                            0, nullptr, nullptr, IncrementNames, IncrementTypes, 0, 0}};
const pykc_gpu_image IncrementImages[] = {
    {PYKC_IMAGE_PTX, 52, "sm_52", pykc::test::IncrementPtx, sizeof(pykc::test::IncrementPtx) - 1, 0, 0}};
const pykc_module_image IncrementImage = {
    PYKC_MODULE_ABI_VERSION, 1, 1, 0, "ctx", "ctx.py", IncrementImages, IncrementEntries, 1, 0};
constinit Module IncrementModule{IncrementImage};

/// What a generated header writes for increment.
struct IncrementLaunch : PendingLaunch {
  using PendingLaunch::PendingLaunch;
  void operator()(const ArrayView<float, 1> &A) const { run(0, A); }
};

/// A context, a stream and N floats of memory a library made for itself,
/// destroyed (and the thread's context stack restored) at scope exit.
struct LibraryContext {
  using CreateFn = CUresult (*)(CUcontext *, unsigned, CUdevice);
  using DestroyFn = CUresult (*)(CUcontext);

  LibraryContext(const Driver &D, int64_t N) : D(D) {
    // The runtime resolves only what it calls; a test makes its own context.
    void *Lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    auto Create = reinterpret_cast<CreateFn>(dlsym(Lib, "cuCtxCreate_v2"));
    Destroy = reinterpret_cast<DestroyFn>(dlsym(Lib, "cuCtxDestroy_v2"));
    CUdevice Dev = 0;
    EXPECT_EQ(D.cuDeviceGet(&Dev, 0), CUDA_SUCCESS);
    EXPECT_EQ(Create(&Ctx, 0, Dev), CUDA_SUCCESS); // pushed: now current
    EXPECT_EQ(D.cuStreamCreate(&St, CU_STREAM_DEFAULT), CUDA_SUCCESS);
    EXPECT_EQ(D.cuMemAlloc_v2(&Data, size_t(N) * sizeof(float)), CUDA_SUCCESS);
  }
  ~LibraryContext() {
    CUcontext Current = nullptr;
    D.cuCtxGetCurrent(&Current);
    if (Current != Ctx)
      D.cuCtxPushCurrent_v2(Ctx);
    D.cuStreamDestroy_v2(St);
    D.cuMemFree_v2(Data);
    Destroy(Ctx); // pops it, as it is current
  }
  float *data() const { return reinterpret_cast<float *>(Data); }

  const Driver &D;
  DestroyFn Destroy = nullptr;
  CUcontext Ctx = nullptr;
  CUstream St = nullptr;
  CUdeviceptr Data = 0;
};

CUcontext current(const Driver &D) {
  CUcontext C = nullptr;
  EXPECT_EQ(D.cuCtxGetCurrent(&C), CUDA_SUCCESS);
  return C;
}

} // namespace

TEST(RuntimeCuda, BorrowedStreamOfAnotherContextRunsKernelsThere) {
  if (!cuda_available())
    GTEST_SKIP() << "no CUDA device: " << cuda_unavailable_reason();
  const Driver &D = *driver();
  if (!D.cuCtxGetId)
    GTEST_SKIP() << "the driver predates CUDA 12.0 (no cuCtxGetId)";
  select_device(0);
  constexpr int64_t N = 1000;
  CUcontext Before = current(D);
  {
    LibraryContext Lib(D, N);
    std::vector<float> Host(N);
    for (int64_t I = 0; I < N; ++I)
      Host[size_t(I)] = float(I);
    ASSERT_EQ(D.cuMemcpyHtoD_v2(Lib.Data, Host.data(), N * sizeof(float)), CUDA_SUCCESS);
    ArrayView<float, 1> A(Lib.data(), {N}, Order::C, 0);
    {
      Stream Borrowed = Stream::borrow(Lib.St, 0);
      EXPECT_TRUE(Borrowed.isBorrowed());
      LaunchConfig C(Dim3((N + 255) / 256), Dim3(256), 0, &Borrowed);
      // With the library's context current, as inside the library.
      IncrementLaunch(IncrementModule, C)(A);
      EXPECT_EQ(current(D), Lib.Ctx);
      // With no context current: pushed around the launch and popped.
      CUcontext Popped = nullptr;
      ASSERT_EQ(D.cuCtxPopCurrent_v2(&Popped), CUDA_SUCCESS);
      CUcontext Outside = current(D);
      IncrementLaunch(IncrementModule, C)(A);
      KernelImage K{"increment", pykc::test::IncrementPtx, nullptr, 0, false};
      KernelArgs Args;
      Args.addArray(A.data(), {N}, {int64_t(sizeof(float))});
      launch(K, C, Args.data());
      Borrowed.synchronize();
      EXPECT_EQ(current(D), Outside);
      ReduceOptions<float> O;
      O.stream = &Borrowed;
      KernelImage None{"none", nullptr, nullptr, 0, false};
      EXPECT_EQ(errorOf([&] { reduce(ReduceKernels(None, None), A, O); }),
                "pykc: pykc::reduce: the stream belongs to another CUDA context than the "
                "device's primary one, where pykc keeps a reduction's scratch memory, out of "
                "that context's reach; reduce on a stream of the primary context (or the "
                "default stream)");
      ASSERT_EQ(D.cuCtxPushCurrent_v2(Lib.Ctx), CUDA_SUCCESS);
    }
    ASSERT_EQ(D.cuMemcpyDtoH_v2(Host.data(), Lib.Data, N * sizeof(float)), CUDA_SUCCESS);
    for (int64_t I = 0; I < N; ++I)
      ASSERT_EQ(Host[size_t(I)], float(I) + 3) << "element " << I;
    // pykc's own work still runs in the primary context meanwhile.
    auto Own = to_device(std::vector<float>(4, 1.0f));
    IncrementLaunch(IncrementModule, {1, 4})(Own);
    EXPECT_EQ(Own.copy_to_host(), std::vector<float>(4, 2.0f));
    EXPECT_EQ(current(D), Lib.Ctx);
  }
  EXPECT_EQ(current(D), Before);
  select_device(cpu_device_id());
}
