//===- pykc/DLPack.h - Arrays to and from DLPack tensors --------*- C++ -*-===//
//
// DLPack is the tensor exchange format PyTorch (at::toDLPack), CuPy, JAX,
// NumPy and RAPIDS share. from_dlpack views another library's tensor as a
// pykc::ArrayView (checking its dtype, dimension count and device), so a
// compiled kernel runs on it in place; to_dlpack hands a pykc array to
// them, owning (a DeviceArray moved in, freed by the tensor's deleter) or
// not (a view, whose memory its owner keeps alive).
//
// The DLPack declarations: dlpack/dlpack.h's own when it was included
// first; otherwise pykc declares the same C ABI (DLPack 0.8's
// DLManagedTensor, which libraries still exchange) under the same names and
// include guard, so that including dlpack/dlpack.h afterwards is harmless.
//
//===----------------------------------------------------------------------===//
#ifndef PYKC_DLPACK_H
#define PYKC_DLPACK_H

#include "pykc/DeviceArray.h"
#include "pykc/Device.h"

#include <cstdint>
#include <memory>
#include <string>

#ifndef DLPACK_DLPACK_H_
#define DLPACK_DLPACK_H_
extern "C" {
typedef enum {
  kDLCPU = 1,
  kDLCUDA = 2,
  kDLCUDAHost = 3,
  kDLOpenCL = 4,
  kDLVulkan = 7,
  kDLMetal = 8,
  kDLVPI = 9,
  kDLROCM = 10,
  kDLROCMHost = 11,
  kDLExtDev = 12,
  kDLCUDAManaged = 13,
  kDLOneAPI = 14,
  kDLWebGPU = 15,
  kDLHexagon = 16,
} DLDeviceType;
typedef struct {
  DLDeviceType device_type;
  int32_t device_id;
} DLDevice;
typedef enum {
  kDLInt = 0U,
  kDLUInt = 1U,
  kDLFloat = 2U,
  kDLOpaqueHandle = 3U,
  kDLBfloat = 4U,
  kDLComplex = 5U,
  kDLBool = 6U,
} DLDataTypeCode;
typedef struct {
  uint8_t code;
  uint8_t bits;
  uint16_t lanes;
} DLDataType;
typedef struct {
  void *data;
  DLDevice device;
  int32_t ndim;
  DLDataType dtype;
  int64_t *shape;
  int64_t *strides; ///< In elements; null for a compact row-major tensor.
  uint64_t byte_offset;
} DLTensor;
typedef struct DLManagedTensor {
  DLTensor dl_tensor;
  void *manager_ctx;
  void (*deleter)(struct DLManagedTensor *self);
} DLManagedTensor;
}
#endif

namespace pykc {

namespace detail {
/// T's DLPack dtype: (code, bits), one lane.
template <DType T> constexpr DLDataType dlpackDtype() {
  if constexpr (std::is_same_v<T, bool>)
    return {uint8_t(kDLBool), 8, 1};
  else if constexpr (std::is_floating_point_v<T>)
    return {uint8_t(kDLFloat), uint8_t(8 * sizeof(T)), 1};
  else if constexpr (std::is_integral_v<T>)
    return {uint8_t(std::is_signed_v<T> ? kDLInt : kDLUInt), uint8_t(8 * sizeof(T)), 1};
  else if constexpr (IsComplexDType<T>::value)
    return {uint8_t(kDLComplex), uint8_t(8 * sizeof(T)), 1};
  else
    static_assert(sizeof(T) == 0, "records have no DLPack dtype");
}

inline std::string dlpackDtypeText(DLDataType D) {
  static const char *Codes[] = {"int", "uint", "float", "opaque", "bfloat", "complex", "bool"};
  std::string Code = D.code < 7 ? Codes[D.code] : "code " + std::to_string(D.code);
  std::string Text = Code + std::to_string(D.bits);
  return D.lanes == 1 ? Text : Text + "x" + std::to_string(D.lanes);
}

/// The pykc device holding memory on DLPack device \p D; throws for memory
/// pykc's kernels cannot reach from the current device.
inline int deviceOfDlpack(DLDevice D) {
  int Current = currentDeviceId();
  bool OnCpu = Current == cpu_device_id();
  switch (D.device_type) {
  case kDLCPU:
    if (OnCpu)
      return Current;
    throw Error(ErrorCode::InvalidValue,
                "from_dlpack: the tensor is in host memory (kDLCPU) but the current device is a "
                "GPU; copy it to the GPU first, or select the CPU device (pykc::cpu_device_id())");
  case kDLCUDA:
  case kDLCUDAHost:
  case kDLCUDAManaged:
    if (!OnCpu)
      return D.device_type == kDLCUDA ? D.device_id : Current;
    throw Error(ErrorCode::InvalidValue,
                "from_dlpack: the tensor is in CUDA memory (device " + std::to_string(D.device_id) +
                    ") but the current device is the CPU device; select a GPU to use it");
  default:
    throw Error(ErrorCode::InvalidValue,
                "from_dlpack: the tensor is on DLPack device type " +
                    std::to_string(int(D.device_type)) +
                    ", which pykc's kernels cannot reach (they run on CUDA GPUs and the CPU)");
  }
}

/// What a tensor made by to_dlpack owns: its shape and strides, and the
/// array when one was moved in.
template <DType T, int N> struct DlpackOwner {
  DLManagedTensor Managed{};
  int64_t Shape[N] = {};
  int64_t Strides[N] = {};
  DeviceArray<T, N> Owned;
};

template <DType T, int N> DLManagedTensor *makeDlpack(const ArrayView<T, N> &A,
                                                      DeviceArray<T, N> *Owned) {
  auto Owner = std::make_unique<DlpackOwner<T, N>>();
  if (Owned)
    Owner->Owned = std::move(*Owned);
  DLTensor &Tensor = Owner->Managed.dl_tensor;
  Tensor.data = A.data();
  Tensor.device = A.device() == cpu_device_id() ? DLDevice{kDLCPU, 0}
                                                : DLDevice{kDLCUDA, int32_t(A.device())};
  Tensor.ndim = N;
  Tensor.dtype = dlpackDtype<T>();
  for (int I = 0; I < N; ++I) {
    Owner->Shape[I] = A.shape(I);
    Owner->Strides[I] = A.stride(I) / int64_t(sizeof(T)); // a multiple: see ArrayView
  }
  Tensor.shape = Owner->Shape;
  Tensor.strides = Owner->Strides;
  Owner->Managed.manager_ctx = Owner.get();
  Owner->Managed.deleter = [](DLManagedTensor *Self) {
    delete static_cast<DlpackOwner<T, N> *>(Self->manager_ctx);
  };
  return &Owner.release()->Managed;
}
} // namespace detail

/// A view of another library's tensor, in place: T and N must be the
/// tensor's dtype and dimension count, and its memory reachable from the
/// current device (CUDA memory on a GPU, host memory on the CPU device).
/// The tensor's owner keeps it alive (do not call its deleter) while
/// kernels use the view.
template <DType T, int N> ArrayView<T, N> from_dlpack(const DLTensor &Tensor) {
  if (Tensor.ndim != N)
    throw Error(ErrorCode::InvalidValue, "from_dlpack: the tensor has " +
                                             std::to_string(Tensor.ndim) +
                                             " dimensions but the view " + std::to_string(N));
  DLDataType Want = detail::dlpackDtype<T>(), Got = Tensor.dtype;
  if (Got.code != Want.code || Got.bits != Want.bits || Got.lanes != Want.lanes)
    throw Error(ErrorCode::InvalidValue,
                "from_dlpack: the tensor's dtype is " + detail::dlpackDtypeText(Got) +
                    " but the view's is " + detail::dlpackDtypeText(Want));
  int Device = detail::deviceOfDlpack(Tensor.device);
  typename ArrayView<T, N>::Shape Shape{}, Strides{};
  int64_t Compact = sizeof(T);
  for (int K = N - 1; K >= 0; --K) {
    Shape[K] = Tensor.shape[K];
    // DLPack strides count elements; null means compact row-major.
    Strides[K] = Tensor.strides ? Tensor.strides[K] * int64_t(sizeof(T)) : Compact;
    Compact *= Shape[K] > 0 ? Shape[K] : 1;
  }
  T *Data = reinterpret_cast<T *>(static_cast<char *>(Tensor.data) + Tensor.byte_offset);
  return ArrayView<T, N>(Data, Shape, Strides, Device);
}
template <DType T, int N> ArrayView<T, N> from_dlpack(const DLManagedTensor *Managed) {
  if (!Managed)
    throw Error(ErrorCode::InvalidValue, "from_dlpack: a null DLManagedTensor");
  return from_dlpack<T, N>(Managed->dl_tensor);
}

/// A DLPack tensor that owns \p A (moved in): the receiving library frees
/// the array by calling the tensor's deleter.
template <DType T, int N> DLManagedTensor *to_dlpack(DeviceArray<T, N> &&A) {
  ArrayView<T, N> View = A;
  return detail::makeDlpack(View, &A);
}
/// A DLPack tensor of memory someone else owns: its deleter frees only the
/// tensor; the memory must outlive every use of it.
template <DType T, int N> DLManagedTensor *to_dlpack(const ArrayView<T, N> &A) {
  return detail::makeDlpack<T, N>(A, nullptr);
}

} // namespace pykc

#endif // PYKC_DLPACK_H
