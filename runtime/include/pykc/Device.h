//===- pykc/Device.h - Devices, their limits and selection ------*- C++ -*-===//
//
// The runtime sees two kinds of device: every CUDA device the driver reports
// (when libcuda.so.1 loads) and one CPU device that runs kernels compiled by
// the CPU backend. Devices are numbered 0..N-1 in the order list_devices()
// returns them: CUDA devices first, the CPU last.
//
// Function names that mirror Numba's API (list_devices, select_device,
// synchronize, ...) keep Numba's spelling so ported host code reads alike.
//
//===----------------------------------------------------------------------===//
#ifndef PYKC_DEVICE_H
#define PYKC_DEVICE_H

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

namespace pykc {

/// A grid or block extent. Missing dimensions are 1, so `Dim3 B = 256;` is a
/// 1-d block of 256 threads and `Dim3{16, 16}` a 2-d one. The fields are
/// spelled x, y, z like CUDA's dim3, which every kernel author knows.
struct Dim3 {
  uint32_t x = 1, y = 1, z = 1;

  constexpr Dim3() = default;
  /// Any integer types, so `Dim3{Blocks, Threads}` with int or size_t
  /// variables is not a narrowing error. Negative or > 2^32-1 extents throw
  /// Error(InvalidValue).
  template <std::integral X, std::integral Y = uint32_t,
            std::integral Z = uint32_t>
  constexpr Dim3(X Ex, Y Ey = 1, Z Ez = 1)
      : x(extent(Ex, 'x')), y(extent(Ey, 'y')), z(extent(Ez, 'z')) {}

  /// x * y * z, computed without overflow.
  constexpr uint64_t count() const {
    return uint64_t(x) * uint64_t(y) * uint64_t(z);
  }
  constexpr uint32_t operator[](int I) const {
    return I == 0 ? x : I == 1 ? y : z;
  }
  friend constexpr bool operator==(const Dim3 &, const Dim3 &) = default;

private:
  template <std::integral T> static constexpr uint32_t extent(T V, char Axis) {
    if constexpr (std::is_signed_v<T>)
      if (V < 0)
        throwBadExtent(int64_t(V), Axis);
    if constexpr (sizeof(T) > sizeof(uint32_t))
      if (uint64_t(V) > UINT32_MAX)
        throwBadExtent(int64_t(V), Axis);
    return uint32_t(V);
  }
  [[noreturn]] static void throwBadExtent(int64_t V, char Axis);
};

enum class DeviceKind { CUDA, CPU };

/// "cuda" or "cpu".
const char *deviceKindName(DeviceKind K);

/// Everything a launch is checked against, plus what users print.
struct DeviceInfo {
  int Id = -1;
  DeviceKind Kind = DeviceKind::CPU;
  std::string Name;
  int ComputeCapabilityMajor = 0; ///< CPU: 0.0
  int ComputeCapabilityMinor = 0;
  /// Bytes of device memory (CPU: its cap, PYKC_DEVICE_MEMORY, else the
  /// host's physical memory).
  uint64_t TotalMemory = 0;
  uint32_t MaxThreadsPerBlock = 0;
  Dim3 MaxBlockDim;
  Dim3 MaxGridDim;
  /// Shared memory a block gets without opting in (48 KiB on both kinds).
  uint64_t SharedMemPerBlock = 0;
  /// The most a block can opt in to (CUDA: set per kernel by the runtime
  /// when a launch asks for more than SharedMemPerBlock).
  uint64_t SharedMemPerBlockOptin = 0;
  uint32_t MultiprocessorCount = 0; ///< SMs, or CPU hardware threads.
  uint32_t WarpSize = 0;            ///< CPU: 1

  /// "8.0"; "0.0" for the CPU.
  std::string computeCapability() const;
};

/// A device's memory in bytes, as Numba's
/// cuda.current_context().get_memory_info() reports it (free, total).
struct MemoryInfo {
  uint64_t Free = 0;
  uint64_t Total = 0;
};

/// The memory of device DeviceId (-1: the current device). A CUDA device
/// asks the driver (cuMemGetInfo); the CPU device reports its cap
/// (PYKC_DEVICE_MEMORY, below) less what its arrays hold, or without a cap
/// the host's available and physical memory.
MemoryInfo get_memory_info(int DeviceId = -1);

/// Caps the CPU device's memory at Bytes (0: no cap), as the environment
/// variable PYKC_DEVICE_MEMORY=64M does when the device is first used: an
/// allocation past the cap fails with Error(OutOfMemory) as a full GPU
/// does, and get_memory_info and DeviceInfo::TotalMemory report the cap.
/// It lets code written for a device smaller than its data (streamed
/// reductions) run, and be tested, without a GPU. Call it before other
/// threads use the CPU device.
void set_cpu_device_memory(uint64_t Bytes);

/// Parses a PYKC_DEVICE_MEMORY value: a number of bytes with an optional
/// binary suffix K, M, G or T (also KiB, MiB, ..., or KB, MB, ...): "64M" is
/// 67108864. Returns false, with Error saying why, for anything else or 0.
bool parseMemorySize(const std::string &Text, uint64_t &Bytes, std::string &Error);

/// All devices: the CUDA devices (none when the driver is missing or reports
/// none), then the CPU device. Never throws for a missing driver.
std::vector<DeviceInfo> list_devices();

/// Whether libcuda.so.1 loaded, cuInit succeeded and at least one device
/// exists.
bool cuda_available();

/// Why cuda_available() is false ("" when it is true).
std::string cuda_unavailable_reason();

/// Makes device Id (an index into list_devices()) current for this process.
/// Throws Error(NoDevice) for an unknown id.
void select_device(int Id);

/// The current device. The first call chooses the default (see
/// select_default_device) unless select_device ran before.
const DeviceInfo &current_device();

/// Chooses the default device and makes it current: PYKC_BACKEND=cpu picks
/// the CPU, PYKC_BACKEND=cuda the first CUDA device (an Error saying to use
/// `--backend cpu` when there is none); unset or empty picks the first CUDA
/// device if there is one, else the CPU. Returns the chosen id.
int select_default_device();

/// The CPU device's id (always the last one).
int cpu_device_id();

/// Waits until all work queued on the current device has finished.
void synchronize();

} // namespace pykc

#endif // PYKC_DEVICE_H
