//===- pykc/Stream.h - Streams and events -----------------------*- C++ -*-===//
//
// A Stream orders work on one device; an Event marks a point in a stream and
// times the work between two of them. On CUDA they wrap CUstream/CUevent; on
// the CPU device all work runs synchronously, so streams are trivially
// ordered and an event records the time at which it was recorded.
//
//===----------------------------------------------------------------------===//
#ifndef PYKC_STREAM_H
#define PYKC_STREAM_H

namespace pykc {

/// A queue of work on one device. Move-only; destroying it waits for nothing
/// (like cuStreamDestroy, queued work still completes).
class Stream {
public:
  /// A new stream on the current device.
  Stream();
  /// A new stream on device DeviceId.
  explicit Stream(int DeviceId);
  ~Stream();

  Stream(Stream &&Other) noexcept;
  Stream &operator=(Stream &&Other) noexcept;
  Stream(const Stream &) = delete;
  Stream &operator=(const Stream &) = delete;

  /// Waits until all work queued on this stream has finished.
  void synchronize();

  int device() const { return DeviceId; }
  /// The backend's handle: a CUstream on CUDA (null for the default stream).
  void *handle() const { return Handle; }
  bool isDefault() const { return Default; }

  /// The default stream of device DeviceId (CUDA's legacy NULL stream).
  static Stream &defaultStream(int DeviceId);
  /// A stream another library owns (a CUstream, or a cudaStream_t, which
  /// is the same handle) on device DeviceId (-1: the current one), for
  /// launches and copies to queue on: destroying the pykc::Stream leaves
  /// it alone. Null is the device's default stream.
  ///
  /// Work on a stream of the device's primary context (the CUDA runtime
  /// API's, PyTorch's, CuPy's) runs there, as all of pykc's does. A stream
  /// of another context on that GPU (cuCtxCreate's, a library's own) has
  /// its work run in that context: a module is loaded into it on the first
  /// launch there (once per module and context, for the process's
  /// lifetime; destroying the context frees it), and the context is pushed
  /// around each call, so the caller's current context is the same after
  /// it as before. Kernels there reach only that context's memory, not
  /// pykc's DeviceArrays (which are the primary context's); pass views of
  /// memory allocated there, and use events and reductions (whose scratch
  /// memory is the primary context's: refused) on primary-context streams.
  ///
  /// Throws Error(InvalidValue) for a handle of a context on another GPU,
  /// of another context when the driver predates CUDA 12.0 (which cannot
  /// identify contexts), or any handle on the CPU device.
  static Stream borrow(void *Handle, int DeviceId = -1);
  /// Whether another library owns the handle (borrow()).
  bool isBorrowed() const { return Borrowed; }

private:
  struct DefaultTag {};
  Stream(DefaultTag, int DeviceId);
  void release() noexcept;

  int DeviceId = -1;
  void *Handle = nullptr;
  bool Default = false;
  bool Borrowed = false;
};

/// The default stream of the current device.
Stream &default_stream();

/// A marker in a stream, for waiting and timing. Move-only.
class Event {
public:
  /// A new event on the current device.
  Event();
  explicit Event(int DeviceId);
  ~Event();

  Event(Event &&Other) noexcept;
  Event &operator=(Event &&Other) noexcept;
  Event(const Event &) = delete;
  Event &operator=(const Event &) = delete;

  /// Records the event in S (the device's default stream when null).
  void record(Stream *S = nullptr);
  void record(Stream &S) { record(&S); }
  /// Waits until the work before the last record() has finished.
  void synchronize();
  /// True when the work before the last record() has finished.
  bool query();
  /// Makes work queued on S (the default stream when null) after this call
  /// wait until the work before the last record() has finished, without
  /// blocking the host (Numba's Event.wait(stream)).
  void wait(Stream *S = nullptr);
  void wait(Stream &S) { wait(&S); }
  /// Milliseconds from this (recorded, completed) event to End, as Numba's
  /// Event.elapsed_time.
  float elapsed_time(const Event &End) const;

  int device() const { return DeviceId; }
  void *handle() const { return Handle; }

private:
  void release() noexcept;

  int DeviceId = -1;
  void *Handle = nullptr;
};

/// Milliseconds between two recorded events of the same device.
float event_elapsed_time(const Event &Start, const Event &End);

} // namespace pykc

#endif // PYKC_STREAM_H
