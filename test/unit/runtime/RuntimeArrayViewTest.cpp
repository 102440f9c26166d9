//===- RuntimeArrayViewTest.cpp - Launches on memory pykc does not own -----===//
//
// pykc::ArrayView: kernels launched through a PendingLaunch, as generated
// headers launch them, on views of host memory on the CPU device (a
// std::vector, every other element of one, a matrix with one row in F
// order), and the checks a view's constructor, a layout parameter and a
// copy make, with their exact messages.
//
//===----------------------------------------------------------------------===//
#include "pykc/Runtime.h"

#include "ErrorOf.h"

#include <gtest/gtest.h>

#include <vector>

using namespace pykc;
using pykc::test::errorOf;

extern "C" {

/// add(a: int64[:], v: int32): a[i] += v, one thread an element.
static void viewAdd__cpu(void **Args, pykc_cpu_context *Ctx) {
  int64_t I = int64_t(Ctx->block_idx[0]) * Ctx->block_dim[0] + Ctx->thread_idx[0];
  char *Data = *static_cast<char **>(Args[0]);
  int64_t N = *static_cast<int64_t *>(Args[1]);
  int64_t Stride = *static_cast<int64_t *>(Args[2]);
  int32_t V = *static_cast<int32_t *>(Args[3]);
  if (I < N)
    *reinterpret_cast<int64_t *>(Data + I * Stride) += V;
}

/// second(m: float32[:, ::1], out: float32[:]): out[0] = m[0, 1].
static void viewSecond__cpu(void **Args, pykc_cpu_context *) {
  char *M = *static_cast<char **>(Args[0]);
  int64_t Stride1 = *static_cast<int64_t *>(Args[4]);
  char *Out = *static_cast<char **>(Args[5]);
  *reinterpret_cast<float *>(Out) = *reinterpret_cast<float *>(M + Stride1);
}
}

namespace {

const char *AddNames[] = {"a", "v"};
const char *AddTypes[] = {"int64[:]", "int32"};
const char *SecondNames[] = {"m", "out"};
const char *SecondTypes[] = {"float32[:, ::1]", "float32[:]"};

const pykc_kernel_entry Kernels[] = {
    {"add", "add", "(a: int64[:], v: int32)", 2, 4, 0, 0, 0, viewAdd__cpu, nullptr, AddNames,
     AddTypes, 0, 0},
    {"second", "second", "(m: float32[:, ::1], out: float32[:])", 2, 8, 0, 0, 0,
     viewSecond__cpu, nullptr, SecondNames, SecondTypes, 0, 0},
};

const pykc_module_image Image = {
    PYKC_MODULE_ABI_VERSION, 0, 2, 0, "views", "views.py", nullptr, Kernels, 1, 0};
constinit Module ViewModule{Image};

/// What a generated header writes for the kernels above.
struct Launch : PendingLaunch {
  using PendingLaunch::PendingLaunch;
  void add(const ArrayView<int64_t, 1> &A, int32_t V) const { run(0, A, V); }
  void second(const ArrayView<float, 2> &M, const ArrayView<float, 1> &Out) const {
    run(1, requireLayout<Layout::C>(M, 1, 0), Out);
  }
};

} // namespace

TEST(RuntimeArrayView, KernelRunsInPlaceOnAHostVector) {
  select_device(cpu_device_id());
  std::vector<int64_t> Host = {1, 2, 3, 4, 5};
  Launch(ViewModule, {1, 8}).add(view(Host), 10);
  EXPECT_EQ(Host, (std::vector<int64_t>{11, 12, 13, 14, 15}));
  // A std::span, and a DeviceArray, are the same kind of argument.
  Launch(ViewModule, {1, 8}).add(ArrayView<int64_t, 1>(std::span<int64_t>(Host).first(2)), 1);
  EXPECT_EQ(Host, (std::vector<int64_t>{12, 13, 13, 14, 15}));
  auto Owned = to_device(std::vector<int64_t>{7, 8});
  const ArrayView<int64_t, 1> &AsView = Owned.view();
  EXPECT_EQ(AsView.data(), Owned.data());
  Launch(ViewModule, {1, 8}).add(Owned, 2);
  EXPECT_EQ(Owned.copy_to_host(), (std::vector<int64_t>{9, 10}));
}

TEST(RuntimeArrayView, StridedViewTouchesOnlyItsElements) {
  select_device(cpu_device_id());
  std::vector<int64_t> Host = {0, 0, 0, 0, 0, 0};
  ArrayView<int64_t, 1> EveryOther(Host.data(), {3}, {2 * int64_t(sizeof(int64_t))});
  EXPECT_EQ(EveryOther.order(), Order::Strided);
  Launch(ViewModule, {1, 8}).add(EveryOther, 5);
  EXPECT_EQ(Host, (std::vector<int64_t>{5, 0, 5, 0, 5, 0}));
  // Backwards, as NumPy's a[::-1]: a negative stride from the last element.
  ArrayView<int64_t, 1> Reversed(Host.data() + 5, {6}, {-int64_t(sizeof(int64_t))});
  Launch(ViewModule, {1, 8}).add(Reversed, 1);
  EXPECT_EQ(Host, (std::vector<int64_t>{6, 1, 6, 1, 6, 1}));
}

TEST(RuntimeArrayView, LayoutParametersReadTheStrides) {
  select_device(cpu_device_id());
  std::vector<float> M = {1, 2, 3, 4, 5, 6};
  std::vector<float> Out = {0};
  Launch(ViewModule, {1, 1}).second(view(M.data(), 2, 3), view(Out));
  EXPECT_EQ(Out[0], 2);
  // One row in F order is C-contiguous too (NumPy's flags; Numba types it C).
  Launch(ViewModule, {1, 1}).second(ArrayView<float, 2>(M.data() + 3, {1, 3}, Order::F),
                                    view(Out));
  EXPECT_EQ(Out[0], 5);
  // Every other column: neither order.
  ArrayView<float, 2> Columns(M.data(), {2, 2}, {3 * int64_t(sizeof(float)), 2 * int64_t(sizeof(float))});
  EXPECT_EQ(errorOf([&] { Launch(ViewModule, {1, 1}).second(Columns, view(Out)); }),
            "pykc: parameter 'm' (float32[:, ::1]) of kernel "
            "'views.second(m: float32[:, ::1], out: float32[:])' needs an array in C order "
            "(row-major) but was given a strided (neither C- nor Fortran-order) array; "
            "allocate it with that order, or compile the kernel for any layout (e.g. "
            "float32[:, :])");
}

TEST(RuntimeArrayView, ConstructorChecksWhatItIsGiven) {
  select_device(cpu_device_id());
  float X[4] = {};
  EXPECT_EQ(errorOf([] { ArrayView<float, 1>(nullptr, {3}); }),
            "pykc: ArrayView: a null pointer for 3 elements");
  EXPECT_EQ(errorOf([&] { ArrayView<float, 1>(X, {2}, {6}); }),
            "pykc: ArrayView: stride 6 of dimension 0 is not a multiple of the element's "
            "alignment (4 bytes); strides are in bytes, as NumPy's");
  EXPECT_EQ(errorOf([&] { ArrayView<float, 2>(X, {2, -1}); }),
            "pykc: an array view of shape (2, -1): extent -1 of dimension 1 is negative");
  EXPECT_EQ(errorOf([&] { ArrayView<float, 1>(X, {2}, Order::Strided); }),
            "pykc: ArrayView: Order::Strided needs its strides; pass them instead of an order");
  // No elements: a null pointer is an empty view.
  EXPECT_TRUE((ArrayView<float, 1>(nullptr, {0}).empty()));
}

TEST(RuntimeArrayView, CopiesCheckSizeAndContiguity) {
  select_device(cpu_device_id());
  auto D = device_array<float>(2, 2);
  const ArrayView<float, 2> &V = D;
  std::vector<float> In = {1, 2, 3, 4}, Back(4), Short(3);
  V.copy_to_device(In);
  V.copy_to_host(Back);
  EXPECT_EQ(Back, In);
  EXPECT_EQ(errorOf([&] { V.copy_to_host(Short); }),
            "pykc: copy_to_host: host buffer has 3 elements but the array 4");
  ArrayView<float, 1> Diagonal(D.data(), {2}, {3 * int64_t(sizeof(float))});
  std::vector<float> Two(2);
  EXPECT_EQ(errorOf([&] { Diagonal.copy_to_host(Two); }),
            "pykc: copy_to_host: the array view is strided (neither C nor F order); copy a "
            "contiguous array instead");
}
