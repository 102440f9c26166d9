//===- pykc/Kernel.h - Typed launches of compiled modules -------*- C++ -*-===//
//
// What the headers `pykc FILE.py -c --header FILE.h` writes build on. A
// generated header holds, per Python module (abridged):
//
//   extern "C" const pykc_module_image pykc_module_kernels;   // the object's
//   namespace kernels {
//   namespace pykc_impl {
//   inline constinit ::pykc::Module compiled_module{pykc_module_kernels};
//   struct increment_by_one_kernel {
//     struct launch : ::pykc::PendingLaunch {
//       using PendingLaunch::PendingLaunch;
//       void operator()(const ::pykc::DeviceArray<float, 1> &an_array) const {
//         this->run(0, an_array);
//       }
//     };
//     launch operator[](const ::pykc::LaunchConfig &Config) const {
//       return launch(compiled_module, Config);
//     }
//   };
//   } // namespace pykc_impl
//   inline constexpr pykc_impl::increment_by_one_kernel increment_by_one{};
//   } // namespace kernels
//
// so `kernels::increment_by_one[{blocks, threads}](d)` type-checks its
// arguments against the kernel's signatures at compile time, and launches
// without allocating: the arguments are flattened into an array on the stack
// (KernelABI.h) and handed to pykc::launch.
//
// A Module loads lazily, once per device and thread-safely, on the first
// launch there (CUDA: the best image for the GPU; CPU: nothing to load).
//
//===----------------------------------------------------------------------===//
#ifndef PYKC_KERNEL_H
#define PYKC_KERNEL_H

#include "pykc/DeviceArray.h"
#include "pykc/DeviceRecord.h"
#include "pykc/Launch.h"
#include "pykc/ModuleABI.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <tuple>

namespace pykc {

namespace runtime {
struct ModuleState;
class ModuleLoader;
} // namespace runtime

/// One compiled Python module as registered by its object. Constant-
/// initialized (constexpr constructor), so generated headers can define it
/// as an inline variable that is usable from any static initializer.
class Module {
public:
  constexpr explicit Module(const pykc_module_image &Image) : Image(&Image) {}
  Module(const Module &) = delete;
  Module &operator=(const Module &) = delete;

  const pykc_module_image &image() const { return *Image; }
  const char *name() const { return Image->name; }
  uint32_t kernelCount() const { return Image->num_kernels; }
  const pykc_kernel_entry &kernel(uint32_t Index) const {
    return Image->kernels[Index];
  }

  /// Loads the module on device DeviceId (-1: the current device) unless it
  /// is loaded there already. Launches do this themselves; calling it first
  /// moves the load (and a GPU's JIT compilation of PTX) out of the first
  /// launch. Throws Error(ModuleLoad) when the module has no code the device
  /// can run.
  void load(int DeviceId = -1) const;

private:
  friend class runtime::ModuleLoader;
  const pykc_module_image *Image;
  /// The runtime's per-device state; created on first use, never freed
  /// (modules live as long as the program).
  mutable std::atomic<runtime::ModuleState *> State{nullptr};
};

/// The memory order a kernel parameter requires, from its Numba type:
/// float32[:, ::1] is C, float32[::1, :] is F, float32[:, :] is A (any).
enum class Layout { C, F, A };

/// Where an array argument lives, for the check that it is on the launch's
/// device.
struct ArrayPlacement {
  uint32_t Param; ///< The Python parameter's position.
  int Device;     ///< DeviceArray::device(); -1 for an empty array.
};

/// Launches kernel Index of M with cuLaunchKernel-style Args on the stream's
/// device (C.S) or the current device, loading M there first if needed.
/// Throws Error(InvalidValue) for an array of another device, and what
/// launch(KernelImage) throws otherwise.
void launch(const Module &M, uint32_t Index, const LaunchConfig &C,
            void **Args, const ArrayPlacement *Arrays, size_t NumArrays);

/// Throws Error(InvalidValue): parameter Param of kernel Index needs layout
/// Want but was given an array of another order.
[[noreturn]] void throwLayoutMismatch(const Module &M, uint32_t Index,
                                      uint32_t Param, Layout Want,
                                      Order Given);

/// Whether A's layout satisfies layout Want, by its strides (NumPy's
/// contiguity flags, which Numba types arrays by: an F-order array of one
/// row is also C-contiguous); 1-d arrays satisfy every layout.
template <Layout Want, DType T, int N>
constexpr bool hasLayout(const ArrayView<T, N> &A) {
  if constexpr (N == 1 || Want == Layout::A)
    return true;
  else
    return A.is_contiguous(Want == Layout::C ? Order::C : Order::F);
}

namespace detail {
/// A scalar takes one slot, a complex (pykc/Complex.h) two: its parts.
template <typename T> struct ArgSlots {
  static constexpr size_t Slots = requires(T V) { V.imag(); } ? 2 : 1, Arrays = 0;
};
template <DType T, int N> struct ArgSlots<ArrayView<T, N>> {
  static constexpr size_t Slots = 1 + 2 * size_t(N), Arrays = 1;
};
template <DType T, int N> struct ArgSlots<DeviceArray<T, N>> : ArgSlots<ArrayView<T, N>> {};
template <RecordDType T> struct ArgSlots<DeviceRecord<T>> {
  static constexpr size_t Slots = 1, Arrays = 1;
};
template <typename... Ts> struct ArgSlots<std::tuple<Ts...>> {
  // Elements may be references (arrays are): counted as what they refer to.
  static constexpr size_t Slots = (ArgSlots<std::remove_cvref_t<Ts>>::Slots + ... + 0),
                          Arrays = (ArgSlots<std::remove_cvref_t<Ts>>::Arrays + ... + 0);
};


template <DType T, int N>
inline void flatten(const ArrayView<T, N> &A, uint32_t Param, void **Ptrs,
                    size_t &Slot, ArrayPlacement *Placed, size_t &Array) {
  // cuLaunchKernel and the CPU entries only read through these pointers.
  auto &Abi = const_cast<typename ArrayView<T, N>::AbiType &>(A.abi());
  Ptrs[Slot++] = &Abi.data;
  for (int I = 0; I < N; ++I)
    Ptrs[Slot++] = &Abi.shape[I];
  for (int I = 0; I < N; ++I)
    Ptrs[Slot++] = &Abi.strides[I];
  Placed[Array++] = {Param, A.device()};
}
/// A record: the address of its bytes in the device's memory.
template <RecordDType T>
inline void flatten(const DeviceRecord<T> &R, uint32_t Param, void **Ptrs, size_t &Slot,
                    ArrayPlacement *Placed, size_t &Array) {
  Ptrs[Slot++] = const_cast<void **>(&R.abi());
  Placed[Array++] = {Param, R.device()};
}
template <DType T>
  requires(!RecordDType<T>) // a record travels as a DeviceRecord
inline void flatten(const T &Value, uint32_t, void **Ptrs, size_t &Slot,
                    ArrayPlacement *, size_t &) {
  if constexpr (requires { Value.imag(); }) {
    // A complex: its real, then its imaginary part (std::complex is laid
    // out as an array of two).
    using Part = decltype(Value.imag());
    auto *Parts = reinterpret_cast<Part *>(const_cast<T *>(&Value));
    Ptrs[Slot++] = Parts;
    Ptrs[Slot++] = Parts + 1;
  } else {
    Ptrs[Slot++] = const_cast<T *>(&Value);
  }
}

/// A member of an enum.Enum class (the header's enum class): its value.
template <typename E>
  requires std::is_enum_v<E> && (sizeof(E) == sizeof(int64_t))
inline void flatten(const E &Value, uint32_t, void **Ptrs, size_t &Slot,
                    ArrayPlacement *, size_t &) {
  Ptrs[Slot++] = const_cast<E *>(&Value);
}
/// A tuple: its elements' parameters in order (KernelABI.h).
template <typename... Ts>
inline void flatten(const std::tuple<Ts...> &Value, uint32_t Param, void **Ptrs,
                    size_t &Slot, ArrayPlacement *Placed, size_t &Array) {
  std::apply([&](const auto &...E) { (flatten(E, Param, Ptrs, Slot, Placed, Array), ...); },
             Value);
}
} // namespace detail

/// What `kernel[config]` returns: a launch waiting for its arguments. The
/// generated header derives one per kernel with one typed operator() per
/// signature, which calls run().
class PendingLaunch {
public:
  PendingLaunch(const Module &M, const LaunchConfig &C) : M(&M), C(C) {}

protected:
  /// Launches kernel Index with Args, each an ArrayView (a DeviceArray is
  /// one) or a scalar of a Numba dtype, in the order of the kernel's Python
  /// parameters.
  template <typename... Args>
  void run(uint32_t Index, const Args &...A) const {
    constexpr size_t Slots = (detail::ArgSlots<Args>::Slots + ... + 0);
    constexpr size_t Arrays = (detail::ArgSlots<Args>::Arrays + ... + 0);
    // Zeroed so kernels without parameters or arrays pass defined values.
    void *Ptrs[Slots ? Slots : 1] = {};
    ArrayPlacement Placed[Arrays ? Arrays : 1] = {};
    [[maybe_unused]] size_t Slot = 0;
    size_t Array = 0;
    [[maybe_unused]] uint32_t Param = 0;
    (detail::flatten(A, Param++, Ptrs, Slot, Placed, Array), ...);
    launch(*M, Index, C, Ptrs, Placed, Array);
  }

  /// Returns A after checking that its order satisfies the layout parameter
  /// Param of kernel Index requires (1-d arrays satisfy every layout).
  template <Layout Want, DType T, int N>
  const ArrayView<T, N> &requireLayout(const ArrayView<T, N> &A, uint32_t Index,
                                       uint32_t Param) const {
    if (!hasLayout<Want>(A))
      throwLayoutMismatch(*M, Index, Param, Want, A.order());
    return A;
  }

private:
  const Module *M;
  LaunchConfig C;
};

} // namespace pykc

#endif // PYKC_KERNEL_H
