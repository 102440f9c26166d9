//===- Backend.h - What each kind of device implements ----------*- C++ -*-===//
//
// The runtime's internal seam: the public API (Device.cpp, Stream.cpp, ...)
// finds the Backend of a device id and calls it. There is one Backend per
// device, created once and never destroyed, so arrays freed during static
// destruction still find their device.
//
//===----------------------------------------------------------------------===//
#ifndef PYKC_RUNTIME_BACKEND_H
#define PYKC_RUNTIME_BACKEND_H

#include "pykc/Device.h"
#include "pykc/Launch.h"
#include "pykc/ModuleABI.h"

#include <memory>
#include <string>
#include <vector>

namespace pykc {
class Module;
class Stream;
} // namespace pykc

namespace pykc::runtime {

/// A device's implementation. Stream and event handles are opaque to the
/// callers; a null stream handle means the device's default stream.
class Backend {
public:
  virtual ~Backend() = default;

  const DeviceInfo &info() const { return Info; }

  virtual void *allocate(size_t Bytes) = 0;
  /// Frees what allocate(Bytes) returned (Device.cpp checks that it did).
  virtual void release(void *Ptr, size_t Bytes) noexcept = 0;
  virtual void copyHostToDevice(void *Dst, const void *Src, size_t Bytes,
                                void *Stream) = 0;
  virtual void copyDeviceToHost(void *Dst, const void *Src, size_t Bytes,
                                void *Stream) = 0;
  virtual void copyDeviceToDevice(void *Dst, const void *Src, size_t Bytes,
                                  void *Stream) = 0;
  virtual void *allocatePinned(size_t Bytes) = 0;
  virtual void releasePinned(void *Ptr) noexcept = 0;

  virtual void *createStream() = 0;
  virtual void destroyStream(void *Stream) noexcept = 0;
  virtual void synchronizeStream(void *Stream) = 0;
  /// Stream::borrow: throws Error(InvalidValue) unless Stream, a handle
  /// another library made, can order this device's work (a CUstream of a
  /// context on this GPU), and remembers its context until
  /// releaseBorrowedStream, so that work on it runs there.
  virtual void borrowStream(void *Stream) = 0;
  /// Undoes one borrowStream of Stream.
  virtual void releaseBorrowedStream(void *Stream) noexcept {}
  /// Whether Stream is a borrowed stream of another context than the one
  /// pykc allocates memory in (the primary context), where pykc's own
  /// memory is out of reach.
  virtual bool inOtherContext(void *Stream) { return false; }

  /// Free and total bytes of device memory (CPU: its cap, else the host's
  /// available and physical memory).
  virtual MemoryInfo memoryInfo() = 0;
  /// Makes later work on Stream wait until Event (recorded) has completed.
  virtual void streamWaitEvent(void *Stream, void *Event) = 0;

  virtual void *createEvent() = 0;
  virtual void destroyEvent(void *Event) noexcept = 0;
  virtual void recordEvent(void *Event, void *Stream) = 0;
  virtual void synchronizeEvent(void *Event) = 0;
  virtual bool queryEvent(void *Event) = 0;
  virtual float elapsedMilliseconds(void *Start, void *End) = 0;

  virtual void synchronize() = 0;
  /// C has been checked against info() except for the static shared memory,
  /// which only the backend knows for CUDA kernels.
  virtual void launch(const KernelImage &K, const LaunchConfig &C, void *Stream,
                      void **Args) = 0;

  /// Prepares a compiled module (ModuleABI.h) for launches on this device:
  /// CUDA loads the best image for the GPU and looks up every kernel; the
  /// CPU has nothing to load. The handle lives as long as the process.
  virtual void *loadModule(const pykc_module_image &M) = 0;
  /// Launches kernel Index of a module loaded by loadModule; checks C
  /// against the device's limits itself.
  virtual void launchModuleKernel(void *Loaded, const pykc_module_image &M,
                                  uint32_t Index, const LaunchConfig &C,
                                  void *Stream, void **Args) = 0;

  /// How many blocks of \p BlockThreads threads of the kernel one
  /// multiprocessor holds at once (CUDA's occupancy, from the kernel's
  /// registers and shared memory); 0 where the device cannot say: the CPU
  /// device, whose blocks are not resident anywhere.
  virtual unsigned residentBlocks(const KernelImage &K, unsigned BlockThreads,
                                  void *Stream) {
    return 0;
  }
  /// The same for kernel Index of a module loaded by loadModule.
  virtual unsigned residentModuleBlocks(void *Loaded, const pykc_module_image &M,
                                        uint32_t Index, unsigned BlockThreads,
                                        void *Stream) {
    return 0;
  }

protected:
  DeviceInfo Info;
};

/// Creates the CPU device's backend (CpuBackend.cpp).
std::unique_ptr<Backend> createCpuBackend(int Id);

/// Caps the memory of the CPU device's backend (0: no cap); see
/// pykc::set_cpu_device_memory.
void setCpuMemoryCap(Backend &Cpu, uint64_t Bytes);

/// Creates a backend for every CUDA device the driver reports, numbered from
/// FirstId; none when the driver is unavailable (CudaBackend.cpp).
std::vector<std::unique_ptr<Backend>> createCudaBackends(int FirstId);

/// Why there are no CUDA devices ("" when there are).
std::string cudaUnavailableReason();

/// The backend of device Id; throws Error(NoDevice) for an unknown id.
Backend &backend(int Id);

/// Backend::residentBlocks of kernel K, or of kernel Index of module M, on
/// the device stream S (null: the current device) runs on (Device.cpp,
/// Module.cpp).
unsigned residentBlocks(const KernelImage &K, unsigned BlockThreads, Stream *S);
unsigned residentBlocks(const Module &M, uint32_t Index, unsigned BlockThreads, Stream *S);

} // namespace pykc::runtime

#endif // PYKC_RUNTIME_BACKEND_H
