//===- RuntimeReduceViewTest.cpp - Reductions on memory pykc does not own -===//
//
// pykc::reduce on 1-d ArrayViews on the CPU device, where a view of a
// std::vector is device memory: a borrowed vector, every second element,
// a reversed and a zero-stride view, a DLPack tensor with a byte offset and
// a stride, a result written into a borrowed view, the C API's strides,
// and the overloads a generated header's reduction object has. Refusals
// (a misaligned stride, an array or a result on another device, an empty
// result) are checked with their exact messages. The kernel is
// CpuReduceKernel.h's, which reads the array through its stride as the
// compiled one does.
//
//===----------------------------------------------------------------------===//
#include "pykc/DLPack.h"
#include "pykc/Runtime.h"
#include "pykc/runtime_c.h"

#include "CpuReduceKernel.h"
#include "ErrorOf.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <numeric>
#include <span>
#include <string>
#include <vector>

using namespace pykc;
using namespace pykc::test;

namespace {

template <typename T, T (*Op)(T, T)> ReduceKernels cpuKernels() {
  static const KernelImage K{"reduce_view_test", nullptr, &reduceKernel<T, Op>, 0, false};
  return ReduceKernels(K, K);
}

const ReduceKernels SumInts = cpuKernels<int64_t, add<int64_t>>();
const ReduceKernels FirstInt = cpuKernels<int64_t, first<int64_t>>();
const ReduceKernels SumDoubles = cpuKernels<double, add<double>>();

template <typename T> ReduceOptions<T> withInit(T Init) {
  ReduceOptions<T> O;
  O.init = Init;
  return O;
}

/// Distinct values, enough of them that the CPU device splits the array
/// between several blocks (one per 4096 elements).
std::vector<int64_t> values(int64_t N) {
  std::vector<int64_t> V(static_cast<size_t>(N));
  for (int64_t I = 0; I < N; ++I)
    V[size_t(I)] = (I * 7919) % 1000 - 400;
  return V;
}

constexpr int64_t Bytes8 = int64_t(sizeof(int64_t));

} // namespace

TEST(RuntimeReduceView, BorrowedVectorIsReducedInPlace) {
  select_device(cpu_device_id());
  std::vector<int64_t> Host = values(50001);
  int64_t Sum = std::accumulate(Host.begin(), Host.end(), int64_t(0));
  EXPECT_EQ(reduce(SumInts, view(Host)), Sum);
  EXPECT_EQ(reduce(SumInts, view(Host), withInit<int64_t>(7)), Sum + 7);
  ReduceOptions<int64_t> FirstTen;
  FirstTen.size = 10;
  EXPECT_EQ(reduce(SumInts, view(Host), FirstTen),
            std::accumulate(Host.begin(), Host.begin() + 10, int64_t(0)));
  EXPECT_EQ(reduce(FirstInt, view(Host)), Host[0]);
  // A raw pointer another library allocated is the same kind of argument.
  EXPECT_EQ(reduce(SumInts, pykc::view(Host.data() + 1, 3)), Host[1] + Host[2] + Host[3]);
}

TEST(RuntimeReduceView, StridedViewsReduceTheirOwnElements) {
  select_device(cpu_device_id());
  std::vector<int64_t> Host = values(40001);
  int64_t Evens = 0, All = std::accumulate(Host.begin(), Host.end(), int64_t(0));
  for (size_t I = 0; I < Host.size(); I += 2)
    Evens += Host[I];
  // NumPy's a[::2]: every second element.
  ArrayView<int64_t, 1> EverySecond(Host.data(), {20001}, {2 * Bytes8});
  EXPECT_EQ(EverySecond.order(), Order::Strided);
  EXPECT_EQ(reduce(SumInts, EverySecond), Evens);
  // a[::-1]: from the last element backwards, so it comes first.
  ArrayView<int64_t, 1> Reversed(&Host.back(), {int64_t(Host.size())}, {-Bytes8});
  EXPECT_EQ(reduce(SumInts, Reversed), All);
  EXPECT_EQ(reduce(FirstInt, Reversed), Host.back());
  // NumPy's broadcast_to: one element seen five times.
  ArrayView<int64_t, 1> Repeated(&Host[3], {5}, {0});
  EXPECT_EQ(reduce(SumInts, Repeated), 5 * Host[3]);
}

TEST(RuntimeReduceView, DLPackTensorIsReducedInPlace) {
  select_device(cpu_device_id());
  std::vector<double> Host(3 * 10000 + 5);
  for (size_t I = 0; I < Host.size(); ++I)
    Host[I] = double(int64_t(I % 97) - 48);
  // Every third value from the fifth, as a library hands such a tensor
  // over: strides in elements, the start as a byte offset.
  int64_t Shape[1] = {10000}, Strides[1] = {3};
  DLTensor T{Host.data(), {kDLCPU, 0}, 1, {kDLFloat, 64, 1}, Shape, Strides,
             4 * sizeof(double)};
  ArrayView<double, 1> V = from_dlpack<double, 1>(T);
  double Expected = 0;
  for (int64_t I = 0; I < 10000; ++I)
    Expected += Host[size_t(4 + 3 * I)];
  EXPECT_EQ(reduce(SumDoubles, V), Expected);
  EXPECT_EQ(reduce(SumDoubles, V, withInit(0.5)), Expected + 0.5);
}

TEST(RuntimeReduceView, ResultGoesToABorrowedView) {
  select_device(cpu_device_id());
  std::vector<int64_t> Host = values(9000);
  std::vector<int64_t> Out = {-1, -1};
  ArrayView<int64_t, 1> Res = view(Out);
  ReduceOptions<int64_t> O = withInit<int64_t>(3);
  O.res = &Res;
  EXPECT_EQ(reduce(SumInts, view(Host), O), 3); // returns init, as Numba's
  EXPECT_EQ(Out[0], std::accumulate(Host.begin(), Host.end(), int64_t(3)));
  EXPECT_EQ(Out[1], -1);
  O.size = 0;
  reduce(SumInts, view(Host), O);
  EXPECT_EQ(Out[0], 3);
}

TEST(RuntimeReduceView, WhatCannotBeReducedIsRefused) {
  select_device(cpu_device_id());
  std::vector<int64_t> Host = values(8);
  std::string Cpu = std::to_string(cpu_device_id());
  ArrayView<int64_t, 1> Elsewhere(Host.data(), {8}, Order::C, cpu_device_id() + 1);
  EXPECT_EQ(errorOf([&] { reduce(SumInts, Elsewhere); }),
            "pykc: pykc::reduce: the array is on device " + std::to_string(cpu_device_id() + 1) +
                " but the reduction runs on the current device, device " + Cpu +
                "; select_device(" + std::to_string(cpu_device_id() + 1) +
                ") first, or copy it there");
  ArrayView<int64_t, 1> Empty;
  ReduceOptions<int64_t> O;
  O.res = &Empty;
  EXPECT_EQ(errorOf([&] { reduce(SumInts, view(Host), O); }),
            "pykc: pykc::reduce: the result array `res` is empty; it needs one element for the "
            "result");
  // Strides in bytes that split an element (12 for 8-byte values): what the
  // C API, which takes any stride, refuses before a GPU would fault.
  EXPECT_EQ(errorOf([&] {
              detail::reduceOnDevice(SumInts, sizeof(int64_t), Host.data(), 4, 12, &Host[0],
                                     nullptr, &Host[1], nullptr);
            }),
            "pykc: pykc::reduce: the array's stride of 12 bytes is not a multiple of its "
            "8-byte elements, so they are not aligned; strides are in bytes, as NumPy's");
}

namespace {

const char *ReduceNames[] = {"arr", "n", "init", "use_init", "partials", "ticket", "out"};
const char *ReduceTypes[] = {"int64[:]", "int64",     "int64",    "int64",
                             "int64[::1]", "uint32[::1]", "int64[::1]"};
const pykc_kernel_entry SumEntries[] = {
    {"sum__pykc_reduce_int64_gpu", "sum__pykc_reduce_int64_gpu", "", 7, 15, 0, 0, 0, nullptr,
     nullptr, ReduceNames, ReduceTypes, 0, 0},
    {"sum__pykc_reduce_int64_cpu", "sum__pykc_reduce_int64_cpu", "", 7, 15, 0, 0, 0,
     reduceKernel<int64_t, add<int64_t>>, nullptr, ReduceNames, ReduceTypes, 0, 0}};
const pykc_module_image SumModule = {
    PYKC_MODULE_ABI_VERSION, 0, 2, 0, "sums", "sums.py", nullptr, SumEntries, 1, 0};

} // namespace

TEST(RuntimeReduceView, CApiTakesStridesOfEitherSignAndRefusesSplitElements) {
  select_device(cpu_device_id());
  std::vector<int64_t> Host = values(20000);
  int64_t Init = 0, Result = 0, Odds = 0;
  for (size_t I = 1; I < Host.size(); I += 2)
    Odds += Host[I];
  ASSERT_EQ(pykc_module_reduce(&SumModule, 0, 1, 8, &Host[1], 10000, 16, 1, &Init, &Result),
            PYKC_SUCCESS)
      << pykc_last_error();
  EXPECT_EQ(Result, Odds);
  ASSERT_EQ(pykc_module_reduce(&SumModule, 0, 1, 8, &Host.back(), 10000, -16, 1, &Init, &Result),
            PYKC_SUCCESS)
      << pykc_last_error();
  EXPECT_EQ(Result, Odds);
  EXPECT_EQ(pykc_module_reduce(&SumModule, 0, 1, 8, Host.data(), 4, 12, 1, &Init, &Result),
            PYKC_ERROR_INVALID_VALUE);
  EXPECT_STREQ(pykc_last_error(),
               "pykc: pykc::reduce: the array's stride of 12 bytes is not a multiple of its "
               "8-byte elements, so they are not aligned; strides are in bytes, as NumPy's");
  const char *Bytes = reinterpret_cast<const char *>(Host.data());
  EXPECT_EQ(pykc_module_reduce(&SumModule, 0, 1, 8, Bytes + 4, 4, 8, 1, &Init, &Result),
            PYKC_ERROR_INVALID_VALUE);
  EXPECT_STREQ(pykc_last_error(),
               "pykc: pykc::reduce: the array's data is not aligned to its 8-byte elements");
}

namespace {

/// The reduction object a `pykc -c` header writes for sum(int64)
/// (codegen/HeaderWriter.cpp's writeReduceStruct), over the kernels above.
struct sum_reduction {
  template <::pykc::ArrayViewOf<int64_t, 1> Array>
  int64_t operator()(const Array &array, const ::pykc::ReduceOptions<int64_t> &options = {}) const {
    return ::pykc::reduce(SumInts, array, options);
  }
  int64_t operator()(::std::span<const int64_t> array,
                     const ::pykc::ReduceOptions<int64_t> &options = {}) const {
    return ::pykc::reduce(SumInts, array, options);
  }
};

} // namespace

// Device memory (a DeviceArray or a view) is reduced in place; host values
// (a span of either constness, a vector) are streamed: no overload of a
// generated reduction is ambiguous although a std::span converts to a view.
TEST(RuntimeReduceView, GeneratedOverloadsTellDeviceMemoryFromHostValues) {
  select_device(cpu_device_id());
  std::vector<int64_t> Host = values(5000);
  int64_t Sum = std::accumulate(Host.begin(), Host.end(), int64_t(0));
  sum_reduction Sum_;
  auto Owned = to_device(Host);
  EXPECT_EQ(Sum_(Owned), Sum);
  EXPECT_EQ(Sum_(view(Host)), Sum);
  EXPECT_EQ(Sum_(std::span<int64_t>(Host)), Sum);
  EXPECT_EQ(Sum_(std::span<const int64_t>(Host)), Sum);
  EXPECT_EQ(Sum_(Host), Sum);
  ArrayView<int64_t, 1> Res = Owned.view();
  EXPECT_EQ(Sum_(view(Host), {.init = 1, .size = 2, .res = &Res, .stream = nullptr}), 1);
  EXPECT_EQ(Owned.copy_to_host()[0], Host[0] + Host[1] + 1);
}
