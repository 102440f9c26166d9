//===- pykc/Launch.h - Kernels and launching them ---------------*- C++ -*-===//
//
// A KernelImage describes one compiled kernel for both backends: its PTX for
// CUDA devices and its CPU entry (CpuABI.h) for the CPU device. launch()
// runs it on the current device (or the device of the given stream) after
// checking the configuration against the device's limits, so an oversized
// block is refused with the limit in the message before the driver sees it.
//
//===----------------------------------------------------------------------===//
#ifndef PYKC_LAUNCH_H
#define PYKC_LAUNCH_H

#include "pykc/CpuABI.h"
#include "pykc/Device.h"
#include "pykc/DeviceArray.h"
#include "pykc/DeviceRecord.h"
#include "pykc/Error.h"

#include <concepts>
#include <cstring>
#include <string>
#include <type_traits>
#include <deque>
#include <vector>

namespace pykc {

class Stream;

/// One kernel, as the compiler emits it. Any of Ptx and CpuEntry may be null
/// when the kernel was not compiled for that backend. The PTX pointer's
/// identity keys the per-device module cache: pass the same string each time
/// (e.g. a constant embedded in the program) and the module loads once.
struct KernelImage {
  const char *Name;            ///< The kernel's symbol in the PTX.
  const char *Ptx;             ///< NUL-terminated PTX, or null.
  pykc_cpu_kernel_fn CpuEntry; ///< SYM__cpu, or null.
  uint64_t CpuSharedBytes;     ///< SYM__cpu_shared_bytes.
  bool CpuUsesBarrier;         ///< SYM__cpu_uses_barrier.
  /// SYM__cpu_blocks, or null: runs whole blocks in one call (far faster
  /// than one CpuEntry call or fiber a thread).
  pykc_cpu_blocks_fn CpuBlocksEntry = nullptr;
  /// The kernel reaches cuda.cg.this_grid().sync(): it is launched
  /// cooperatively (every block resident at once, so the grid can be no
  /// larger than the device holds at a time).
  bool Cooperative = false;
  /// SYM__cpu_checked: compiled with --check; its blocks run one at a
  /// time, a thread a call, and the runtime's checker collects what it
  /// finds (pykc/Check.h).
  bool CpuChecked = false;
};

/// A stream given by pointer or reference (null: the default stream), so a
/// launch configuration can be written `{grid, block, 0, stream}`.
class StreamRef {
public:
  StreamRef() = default;
  StreamRef(Stream *S) : S(S) {}
  StreamRef(Stream &S) : S(&S) {}
  operator Stream *() const { return S; }
  Stream *operator->() const { return S; }

private:
  Stream *S = nullptr;
};

/// How a kernel is launched: `{grid, block}` or `{grid, block,
/// dynamic_shared_bytes, stream}`; grid and block are ints or Dim3{x, y, z}.
struct LaunchConfig {
  LaunchConfig() = default;
  /// Any integer type for the shared bytes, so `{G, B, Bytes}` with an int
  /// variable is not a narrowing error; a negative count throws.
  template <std::integral Bytes = size_t>
  LaunchConfig(Dim3 Grid, Dim3 Block, Bytes DynamicSharedBytes = 0,
               StreamRef S = {})
      : Grid(Grid), Block(Block),
        DynamicSharedBytes(sharedBytes(DynamicSharedBytes)), S(S) {}

  Dim3 Grid, Block;
  size_t DynamicSharedBytes = 0;
  /// Null: the default stream of the current device, in its primary
  /// context, even when the caller has another context current (the
  /// caller's context comes back after the launch): that is where pykc's
  /// modules and arrays are. Otherwise the launch runs on this stream's
  /// device, in its context (Stream::borrow).
  StreamRef S;

private:
  template <std::integral T> static size_t sharedBytes(T V) {
    if constexpr (std::is_signed_v<T>)
      if (V < 0)
        throw Error(ErrorCode::InvalidValue,
                    "dynamic shared memory of " + std::to_string(V) +
                        " bytes is negative");
    return size_t(V);
  }
};

/// Launches K with cuLaunchKernel-style Args (one pointer per flattened
/// parameter, KernelABI.h). On CUDA the launch is asynchronous; on the CPU
/// device it has finished when launch returns. Throws Error(LaunchLimit)
/// for a grid or block beyond the device's limits, Error(ModuleLoad) with
/// the JIT log for bad PTX, Error(NoDevice) when K has no code for the
/// device's kind.
void launch(const KernelImage &K, const LaunchConfig &C, void **Args);

/// Checks C against device DeviceId's limits without launching (launch()
/// does this itself); StaticSharedBytes is the kernel's own shared memory.
void checkLaunchConfig(const KernelImage &K, const LaunchConfig &C,
                       int DeviceId, uint64_t StaticSharedBytes);

/// Builds a kernelParams array that owns copies of its values, so arrays
/// may move and temporaries may die after add():
///   KernelArgs A(Out, In, 2.5f); launch(K, C, A.data());
class KernelArgs {
public:
  KernelArgs() = default;
  template <typename... Ts> explicit KernelArgs(const Ts &...Values) {
    (add(Values), ...);
  }
  KernelArgs(const KernelArgs &) = delete;
  KernelArgs &operator=(const KernelArgs &) = delete;

  /// An array: its data pointer, extents and byte strides.
  template <DType T, int N> KernelArgs &add(const DeviceArray<T, N> &A) {
    const auto &Abi = A.abi();
    push(Abi.data);
    for (int I = 0; I < N; ++I)
      push(Abi.shape[I]);
    for (int I = 0; I < N; ++I)
      push(Abi.strides[I]);
    return *this;
  }
  /// A scalar of a Numba dtype (bool travels as one byte, 0 or 1; a
  /// complex as two parameters, its real and imaginary parts).
  template <DType T>
    requires(!RecordDType<T>) // a record travels as a DeviceRecord
  KernelArgs &add(T Value) {
    if constexpr (requires { Value.imag(); }) {
      push(Value.real());
      push(Value.imag());
    } else {
      push(Value);
    }
    return *this;
  }

  /// A record: the address of its bytes on the device.
  template <RecordDType T> KernelArgs &add(const DeviceRecord<T> &R) {
    push(R.abi());
    return *this;
  }

  /// An array whose dtype and rank are known only at run time (`pykc run`'s
  /// .npy files): the same slots as add(DeviceArray), from the data pointer,
  /// the extents and the byte strides.
  KernelArgs &addArray(void *Data, const std::vector<int64_t> &Shape,
                       const std::vector<int64_t> &Strides) {
    push(Data);
    for (int64_t E : Shape)
      push(E);
    for (int64_t S : Strides)
      push(S);
    return *this;
  }
  /// A scalar given as its value's bytes in the low end of \p Bits (what a
  /// scalar of any dtype occupies in its slot).
  KernelArgs &addScalarBits(uint64_t Bits) {
    push(Bits);
    return *this;
  }

  void **data() { return Pointers.data(); }
  size_t size() const { return Pointers.size(); }

private:
  template <typename V> void push(const V &Value) {
    static_assert(sizeof(V) <= sizeof(uint64_t));
    uint64_t &Slot = Storage.emplace_back(0); // deque: stable addresses
    std::memcpy(&Slot, &Value, sizeof(V));
    Pointers.push_back(&Slot);
  }

  std::deque<uint64_t> Storage;
  std::vector<void *> Pointers;
};

} // namespace pykc

#endif // PYKC_LAUNCH_H
