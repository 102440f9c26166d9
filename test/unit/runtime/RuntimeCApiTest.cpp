//===- RuntimeCApiTest.cpp - runtime_c.h refuses bad arguments ------------===//
//
// Every call of the C interface checks its pointers, sizes and overflow and
// returns a status with a message naming the call, never crashing.
//
//===----------------------------------------------------------------------===//
#include "pykc/Runtime.h"
#include "pykc/runtime_c.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <string>

using namespace pykc;

namespace {

class RuntimeCApi : public ::testing::Test {
protected:
  void SetUp() override { ASSERT_EQ(pykc_select_device(cpu_device_id()), PYKC_SUCCESS); }
};

::testing::AssertionResult lastErrorHas(const std::string &Text) {
  std::string E = pykc_last_error();
  if (E.find(Text) != std::string::npos)
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "pykc_last_error() is \"" << E << "\"";
}

} // namespace

TEST_F(RuntimeCApi, MallocOfSizeMaxFailsInsteadOfGivingATinyBuffer) {
  for (size_t Bytes : {SIZE_MAX, SIZE_MAX - 62, size_t(PTRDIFF_MAX) + 1}) {
    void *P = reinterpret_cast<void *>(1);
    EXPECT_EQ(pykc_malloc(&P, Bytes), PYKC_ERROR_OUT_OF_MEMORY) << Bytes;
    EXPECT_EQ(P, nullptr);
    EXPECT_TRUE(lastErrorHas("pykc: pykc_malloc: " + std::to_string(Bytes) +
                             " bytes is more than any device can hold"));
  }
  // Representable, but more than the address space: refused by the device.
  void *P = reinterpret_cast<void *>(1);
  EXPECT_EQ(pykc_malloc(&P, size_t(1) << 62), PYKC_ERROR_OUT_OF_MEMORY);
  EXPECT_EQ(P, nullptr);
  EXPECT_TRUE(lastErrorHas("cannot allocate 4611686018427387904 bytes"));
}

TEST_F(RuntimeCApi, DoubleFreeIsAnError) {
  void *P = nullptr;
  ASSERT_EQ(pykc_malloc(&P, 100), PYKC_SUCCESS);
  EXPECT_EQ(pykc_free(P), PYKC_SUCCESS);
  EXPECT_EQ(pykc_free(P), PYKC_ERROR_INVALID_VALUE);
  EXPECT_TRUE(lastErrorHas("pykc_free(0x"));
  EXPECT_TRUE(lastErrorHas("is not one pykc_malloc returned, or it was freed already"));
  // The runtime still works.
  ASSERT_EQ(pykc_malloc(&P, 100), PYKC_SUCCESS);
  EXPECT_EQ(pykc_free(P), PYKC_SUCCESS);
}

TEST_F(RuntimeCApi, FreeOfPointerTheRuntimeNeverGaveIsAnError) {
  int OnStack = 0;
  void *Heap = std::malloc(16);
  EXPECT_EQ(pykc_free(&OnStack), PYKC_ERROR_INVALID_VALUE);
  EXPECT_TRUE(lastErrorHas("is not one pykc_malloc returned"));
  EXPECT_EQ(pykc_free(Heap), PYKC_ERROR_INVALID_VALUE);
  std::free(Heap); // untouched by pykc_free
  void *P = nullptr;
  ASSERT_EQ(pykc_malloc(&P, 4000), PYKC_SUCCESS);
  EXPECT_EQ(pykc_free(static_cast<char *>(P) + 16), PYKC_ERROR_INVALID_VALUE);
  EXPECT_TRUE(lastErrorHas("is 16 bytes into the 4000-byte allocation at 0x"));
  EXPECT_EQ(pykc_free(P), PYKC_SUCCESS);
  EXPECT_EQ(pykc_free(nullptr), PYKC_SUCCESS); // as free(NULL)
}

TEST_F(RuntimeCApi, MemcpyWithNullIsAnError) {
  void *P = nullptr;
  char Host[64] = {};
  ASSERT_EQ(pykc_malloc(&P, sizeof(Host)), PYKC_SUCCESS);
  EXPECT_EQ(pykc_memcpy_htod(nullptr, Host, 8), PYKC_ERROR_INVALID_VALUE);
  EXPECT_TRUE(lastErrorHas("pykc_memcpy_htod: the destination of a 8-byte copy is null"));
  EXPECT_EQ(pykc_memcpy_htod(P, nullptr, 8), PYKC_ERROR_INVALID_VALUE);
  EXPECT_TRUE(lastErrorHas("pykc_memcpy_htod: the source of a 8-byte copy is null"));
  EXPECT_EQ(pykc_memcpy_dtoh(nullptr, P, 8), PYKC_ERROR_INVALID_VALUE);
  EXPECT_TRUE(lastErrorHas("pykc_memcpy_dtoh: the destination"));
  EXPECT_EQ(pykc_memcpy_dtod(P, nullptr, 8), PYKC_ERROR_INVALID_VALUE);
  EXPECT_TRUE(lastErrorHas("pykc_memcpy_dtod: the source"));
  // Nothing to copy: nothing is read.
  EXPECT_EQ(pykc_memcpy_htod(nullptr, nullptr, 0), PYKC_SUCCESS);
  EXPECT_EQ(pykc_free(P), PYKC_SUCCESS);
}

TEST_F(RuntimeCApi, MemcpyPastTheEndOfAnAllocationIsAnError) {
  void *P = nullptr;
  ASSERT_EQ(pykc_malloc(&P, 4000), PYKC_SUCCESS);
  std::string Host(8192, 'x');
  EXPECT_EQ(pykc_memcpy_htod(P, Host.data(), 4001), PYKC_ERROR_INVALID_VALUE);
  EXPECT_TRUE(lastErrorHas("the destination's 4001 bytes at 0x"));
  EXPECT_TRUE(lastErrorHas("run 1 bytes past the end of the 4000-byte allocation"));
  EXPECT_EQ(pykc_memcpy_dtoh(Host.data(), static_cast<char *>(P) + 100, 3950),
            PYKC_ERROR_INVALID_VALUE);
  EXPECT_TRUE(lastErrorHas("run 50 bytes past the end"));
  EXPECT_EQ(pykc_memcpy_dtod(P, reinterpret_cast<void *>(UINTPTR_MAX - 8), 64),
            PYKC_ERROR_INVALID_VALUE);
  EXPECT_TRUE(lastErrorHas("would run past the end of the address space"));
  EXPECT_EQ(pykc_memcpy_htod(P, Host.data(), 4000), PYKC_SUCCESS) << pykc_last_error();
  EXPECT_EQ(pykc_free(P), PYKC_SUCCESS);
}

TEST_F(RuntimeCApi, PointersOfOtherLibrariesStayUsable) {
  // On the CPU device, host memory another library allocated may be copied
  // to and from: it is not in the runtime's table, so it is not checked.
  float *Theirs = static_cast<float *>(std::malloc(4 * sizeof(float)));
  float Host[4] = {1, 2, 3, 4};
  EXPECT_EQ(pykc_memcpy_htod(Theirs, Host, sizeof(Host)), PYKC_SUCCESS) << pykc_last_error();
  EXPECT_EQ(Theirs[3], 4.0f);
  std::free(Theirs);
}

TEST_F(RuntimeCApi, NullOutputPointersAreErrors) {
  EXPECT_EQ(pykc_malloc(nullptr, 8), PYKC_ERROR_INVALID_VALUE);
  EXPECT_TRUE(lastErrorHas("pykc_malloc: a required pointer argument is null"));
  EXPECT_EQ(pykc_device_count(nullptr), PYKC_ERROR_INVALID_VALUE);
  uint32_t Dims[3] = {1, 1, 1};
  EXPECT_EQ(pykc_launch(nullptr, Dims, Dims, 0, nullptr), PYKC_ERROR_INVALID_VALUE);
  EXPECT_TRUE(lastErrorHas("pykc_launch"));
}

namespace {

/// A CPU kernel as the backend emits one: a[i] += 1 for thread i of
/// add_one(a: float32[:]).
void addOneThread(void **Args, pykc_cpu_context *Ctx) {
  float *A = *static_cast<float **>(Args[0]);
  int64_t N = *static_cast<int64_t *>(Args[1]);
  int64_t I = int64_t(Ctx->block_idx[0]) * Ctx->block_dim[0] + Ctx->thread_idx[0];
  if (I < N)
    A[I] += 1;
}

const char *const AddOneNames[] = {"a"};
const char *const AddOneTypes[] = {"float32[:]"};
const pykc_kernel_entry AddOneKernels[] = {
    {"add_one", "add_one", "(a: float32[:])", 1, 3, 0, 0, 0, addOneThread, nullptr, AddOneNames,
     AddOneTypes, 0, 0},
    {"Ops.add_one", "Ops__add_one", "(a: float32[:])", 1, 3, 0, 0, 0, addOneThread, nullptr,
     AddOneNames, AddOneTypes, 0, 0}};
const pykc_module_image AddOneModule = {
    PYKC_MODULE_ABI_VERSION, 0, 2, 0, "capi", "capi.py", nullptr, AddOneKernels, 1, 0};

} // namespace

TEST_F(RuntimeCApi, ModuleKernelsAreFoundByNameOrSymbol) {
  uint32_t Index = 7;
  EXPECT_EQ(pykc_module_find_kernel(&AddOneModule, "add_one", &Index), PYKC_SUCCESS);
  EXPECT_EQ(Index, 0u);
  EXPECT_EQ(pykc_module_find_kernel(&AddOneModule, "Ops__add_one", &Index), PYKC_SUCCESS);
  EXPECT_EQ(Index, 1u);
  EXPECT_EQ(pykc_module_find_kernel(&AddOneModule, "Ops.add_one", &Index), PYKC_SUCCESS);
  EXPECT_EQ(Index, 1u);
  EXPECT_EQ(pykc_module_find_kernel(&AddOneModule, "add_two", &Index), PYKC_ERROR_INVALID_VALUE);
  EXPECT_STREQ(pykc_last_error(),
               "pykc: module 'capi' has no kernel named 'add_two' (it has 'add_one', "
               "'Ops.add_one')");
  EXPECT_EQ(pykc_module_find_kernel(&AddOneModule, nullptr, &Index), PYKC_ERROR_INVALID_VALUE);
  EXPECT_TRUE(lastErrorHas("pykc: pykc_module_find_kernel: a required pointer argument is null"));
}

namespace {

// A table as `pykc -c --sig 'total(float32)' --sig 'Ops.peak(int64)'` lays
// out a @cuda.reduce's kernels (only the names matter to the look-up).
const pykc_kernel_entry ReduceKernels[] = {
    {"add_one", "add_one", "(a: float32[:])", 1, 3, 0, 0, 0, addOneThread, nullptr, AddOneNames,
     AddOneTypes, 0, 0},
    {"total__pykc_reduce_float32_gpu", "total__pykc_reduce_float32_gpu", "()", 0, 0, 0, 0, 0,
     nullptr, nullptr, nullptr, nullptr, 0, 0},
    {"total__pykc_reduce_float32_cpu", "total__pykc_reduce_float32_cpu", "()", 0, 0, 0, 0, 0,
     nullptr, nullptr, nullptr, nullptr, 0, 0},
    {"Ops__peak__pykc_reduce_int64_gpu", "Ops__peak__pykc_reduce_int64_gpu", "()", 0, 0, 0, 0,
     0, nullptr, nullptr, nullptr, nullptr, 0, 0},
    {"Ops__peak__pykc_reduce_int64_cpu", "Ops__peak__pykc_reduce_int64_cpu", "()", 0, 0, 0, 0,
     0, nullptr, nullptr, nullptr, nullptr, 0, 0}};
const pykc_module_image ReduceModule = {
    PYKC_MODULE_ABI_VERSION, 0, 5, 0, "red", "red.py", nullptr, ReduceKernels, 1, 0};

} // namespace

TEST_F(RuntimeCApi, ReductionKernelsAreFoundByPythonNameAndDtype) {
  uint32_t Gpu = 9, Cpu = 9;
  EXPECT_EQ(pykc_module_find_reduction(&ReduceModule, "total", "float32", &Gpu, &Cpu),
            PYKC_SUCCESS);
  EXPECT_EQ(Gpu, 1u);
  EXPECT_EQ(Cpu, 2u);
  EXPECT_EQ(pykc_module_find_reduction(&ReduceModule, "Ops.peak", "int64", &Gpu, &Cpu),
            PYKC_SUCCESS);
  EXPECT_EQ(Gpu, 3u);
  EXPECT_EQ(Cpu, 4u);
  EXPECT_EQ(pykc_module_find_reduction(&ReduceModule, "total", "float64", &Gpu, &Cpu),
            PYKC_ERROR_INVALID_VALUE);
  EXPECT_STREQ(pykc_last_error(),
               "pykc: module 'red' has no @cuda.reduce 'total' compiled for float64 (it has "
               "'total' (float32), 'Ops__peak' (int64)); compile it with --sig "
               "'total(float64)'");
  EXPECT_EQ(pykc_module_find_reduction(&AddOneModule, "add_one", "float32", &Gpu, &Cpu),
            PYKC_ERROR_INVALID_VALUE);
  EXPECT_STREQ(pykc_last_error(),
               "pykc: module 'capi' has no @cuda.reduce 'add_one' compiled for float32 (it has "
               "none); compile it with --sig 'add_one(float32)'");
  EXPECT_EQ(pykc_module_find_reduction(&ReduceModule, "total", nullptr, &Gpu, &Cpu),
            PYKC_ERROR_INVALID_VALUE);
  EXPECT_TRUE(lastErrorHas("pykc: pykc_module_find_reduction: a required pointer argument is null"));
}

TEST_F(RuntimeCApi, ModuleLaunchRunsTheKernelOfThatIndex) {
  void *D = nullptr;
  float Host[5] = {0, 1, 2, 3, 4};
  ASSERT_EQ(pykc_malloc(&D, sizeof Host), PYKC_SUCCESS);
  ASSERT_EQ(pykc_memcpy_htod(D, Host, sizeof Host), PYKC_SUCCESS);
  int64_t N = 5, Stride = 4;
  void *Args[] = {&D, &N, &Stride};
  const uint32_t Grid[3] = {2, 1, 1}, Block[3] = {4, 1, 1};
  EXPECT_EQ(pykc_module_launch(&AddOneModule, 1, Grid, Block, 0, Args), PYKC_SUCCESS);
  EXPECT_EQ(pykc_synchronize(), PYKC_SUCCESS);
  ASSERT_EQ(pykc_memcpy_dtoh(Host, D, sizeof Host), PYKC_SUCCESS);
  EXPECT_EQ(Host[0], 1.0f);
  EXPECT_EQ(Host[4], 5.0f);
  EXPECT_EQ(pykc_module_launch(&AddOneModule, 2, Grid, Block, 0, Args), PYKC_ERROR_INVALID_VALUE);
  EXPECT_STREQ(pykc_last_error(),
               "pykc: pykc_module_launch: module 'capi' has 2 kernels, not one numbered 2");
  EXPECT_EQ(pykc_free(D), PYKC_SUCCESS);
}

TEST_F(RuntimeCApi, ModuleOfAnotherAbiIsRefusedBeforeItsTableIsRead) {
  pykc_module_image Old = AddOneModule;
  Old.abi_version = PYKC_MODULE_ABI_VERSION - 1;
  Old.kernels = nullptr;
  uint32_t Index = 0;
  EXPECT_EQ(pykc_module_find_kernel(&Old, "add_one", &Index), PYKC_ERROR_MODULE_LOAD);
  EXPECT_STREQ(pykc_last_error(),
               ("pykc: module 'capi' was built for module ABI version " +
                std::to_string(PYKC_MODULE_ABI_VERSION - 1) + ", but this runtime has version " +
                std::to_string(PYKC_MODULE_ABI_VERSION) + "; rebuild it with this runtime's pykc")
                   .c_str());
}

TEST_F(RuntimeCApi, ModuleReduceOfNothingGivesInitAndChecksTheElementSize) {
  float Init = 2.5f, Result = 0;
  EXPECT_EQ(pykc_module_reduce(&AddOneModule, 0, 1, sizeof(float), nullptr, 0, 4, 0, &Init,
                               &Result),
            PYKC_SUCCESS);
  EXPECT_EQ(Result, 2.5f);
  EXPECT_EQ(pykc_module_reduce(&AddOneModule, 0, 1, 16, nullptr, 0, 16, 0, &Init, &Result),
            PYKC_ERROR_INVALID_VALUE);
  EXPECT_STREQ(pykc_last_error(), "pykc: pykc_module_reduce: element size 16 is not that of a "
                                  "reducible dtype (1 to 8 bytes)");
}
