//===- RuntimeDLPackTest.cpp - Tensors to and from DLPack ------------------===//
//
// pykc/DLPack.h on the CPU device: a host tensor another library made
// (compact or strided, with a byte offset) viewed in place; dtype,
// dimension and device mismatches refused with exact messages; a
// DeviceArray handed out owning its memory, freed by the deleter (the
// sanitized build's leak check sees a missed free), and a view handed out
// without ownership.
//
//===----------------------------------------------------------------------===//
#include "pykc/DLPack.h"
#include "pykc/Runtime.h"

#include "ErrorOf.h"

#include <gtest/gtest.h>

#include <vector>

using namespace pykc;
using pykc::test::errorOf;

namespace {

/// A host tensor as a library would hand it over.
DLTensor hostTensor(void *Data, int64_t *Shape, int32_t NDim, int64_t *Strides,
                    DLDataType Dtype = {kDLFloat, 32, 1}) {
  return DLTensor{Data, {kDLCPU, 0}, NDim, Dtype, Shape, Strides, 0};
}

} // namespace

TEST(RuntimeDLPack, HostTensorIsViewedInPlace) {
  select_device(cpu_device_id());
  std::vector<float> Data = {0, 1, 2, 3, 4, 5, 6, 7};
  int64_t Shape[2] = {2, 3};
  DLTensor Compact = hostTensor(Data.data(), Shape, 2, nullptr);
  ArrayView<float, 2> V = from_dlpack<float, 2>(Compact);
  EXPECT_EQ(V.data(), Data.data());
  EXPECT_EQ(V.strides(), (std::array<int64_t, 2>{12, 4}));
  EXPECT_EQ(V.order(), Order::C);
  EXPECT_EQ(V.device(), cpu_device_id());
  // Strides in elements, and a byte offset: columns 1 and 2 of a 2 x 4 matrix
  // stored column by column.
  int64_t Strides[2] = {1, 2};
  DLTensor Strided = hostTensor(Data.data(), Shape, 2, Strides);
  Strided.byte_offset = 2 * sizeof(float);
  ArrayView<float, 2> W = from_dlpack<float, 2>(Strided);
  EXPECT_EQ(W.data(), Data.data() + 2);
  EXPECT_EQ(W.strides(), (std::array<int64_t, 2>{4, 8}));
  EXPECT_EQ(W.order(), Order::F);
}

TEST(RuntimeDLPack, MismatchesAreRefused) {
  select_device(cpu_device_id());
  float X[4] = {};
  int64_t Shape[2] = {2, 2};
  DLTensor T = hostTensor(X, Shape, 2, nullptr);
  EXPECT_EQ(errorOf([&] { from_dlpack<float, 1>(T); }),
            "pykc: from_dlpack: the tensor has 2 dimensions but the view 1");
  EXPECT_EQ(errorOf([&] { from_dlpack<double, 2>(T); }),
            "pykc: from_dlpack: the tensor's dtype is float32 but the view's is float64");
  DLTensor Ints = hostTensor(X, Shape, 2, nullptr, {kDLInt, 32, 1});
  EXPECT_EQ(errorOf([&] { from_dlpack<uint32_t, 2>(Ints); }),
            "pykc: from_dlpack: the tensor's dtype is int32 but the view's is uint32");
  DLTensor OnGpu = T;
  OnGpu.device = {kDLCUDA, 0};
  EXPECT_EQ(errorOf([&] { from_dlpack<float, 2>(OnGpu); }),
            "pykc: from_dlpack: the tensor is in CUDA memory (device 0) but the current device "
            "is the CPU device; select a GPU to use it");
  DLTensor OnRocm = T;
  OnRocm.device = {kDLROCM, 0};
  EXPECT_EQ(errorOf([&] { from_dlpack<float, 2>(OnRocm); }),
            "pykc: from_dlpack: the tensor is on DLPack device type 10, which pykc's kernels "
            "cannot reach (they run on CUDA GPUs and the CPU)");
  EXPECT_EQ(errorOf([&] { from_dlpack<float, 2>(static_cast<const DLManagedTensor *>(nullptr)); }),
            "pykc: from_dlpack: a null DLManagedTensor");
}

TEST(RuntimeDLPack, OwningTensorFreesTheArrayInItsDeleter) {
  select_device(cpu_device_id());
  auto A = to_device(std::vector<int64_t>{1, 2, 3});
  int64_t *Data = A.data();
  DLManagedTensor *M = to_dlpack(std::move(A));
  EXPECT_TRUE(A.empty()); // moved into the tensor
  const DLTensor &T = M->dl_tensor;
  EXPECT_EQ(T.data, Data);
  EXPECT_EQ(T.device.device_type, kDLCPU);
  EXPECT_EQ(T.ndim, 1);
  EXPECT_EQ(T.dtype.code, kDLInt);
  EXPECT_EQ(T.dtype.bits, 64);
  EXPECT_EQ(T.shape[0], 3);
  EXPECT_EQ(T.strides[0], 1);
  // Round trip: the same memory, viewed again.
  ArrayView<int64_t, 1> Back = from_dlpack<int64_t, 1>(M);
  std::vector<int64_t> Host(3);
  Back.copy_to_host(Host);
  EXPECT_EQ(Host, (std::vector<int64_t>{1, 2, 3}));
  M->deleter(M);
}

TEST(RuntimeDLPack, ViewTensorLeavesTheMemoryToItsOwner) {
  select_device(cpu_device_id());
  std::vector<double> Host = {1, 2, 3, 4, 5, 6};
  ArrayView<double, 2> V(Host.data(), {3, 2}, Order::F);
  DLManagedTensor *M = to_dlpack(V);
  EXPECT_EQ(M->dl_tensor.strides[0], 1);
  EXPECT_EQ(M->dl_tensor.strides[1], 3);
  M->deleter(M);
  EXPECT_EQ(Host[5], 6); // still the vector's
}
