//===- CudaContext.h - Which CUDA context a call runs in --------*- C++ -*-===//
//
// A CUDA backend's work runs in its device's primary context (where the CUDA
// runtime API, PyTorch and CuPy work too), except work on a stream borrowed
// from another context (cuCtxCreate's, a library's own), which runs in that
// stream's context: its kernels are loaded there and the context is pushed
// around the call. Either way the caller's current context is the same
// after the call as before (but for a thread with none, which adopts the
// primary context as the CUDA runtime API does).
//
//===----------------------------------------------------------------------===//
#ifndef PYKC_RUNTIME_CUDACONTEXT_H
#define PYKC_RUNTIME_CUDACONTEXT_H

#include "CudaDriver.h"

#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>

namespace pykc::runtime::cu {

/// Makes a context current for a scope. A thread with no current context
/// adopts the primary context and keeps it (as the CUDA runtime API does),
/// so a program that only uses pykc pays one cheap cuCtxGetCurrent per call
/// instead of a push and a pop; another context (the caller's own, or a
/// borrowed stream's, which is never adopted) is pushed and popped. The
/// noexcept form serves releases, which must not throw: a failed push there
/// leaves the call to fail on its own, and pops nothing.
class ContextScope {
public:
  struct NoThrow {};

  /// \p Adopt: \p C is the primary context, which a thread with no current
  /// context keeps.
  ContextScope(const Driver &D, CUcontext C, bool Adopt = true);
  ContextScope(const Driver &D, CUcontext C, NoThrow) noexcept;
  ~ContextScope();
  ContextScope(const ContextScope &) = delete;
  ContextScope &operator=(const ContextScope &) = delete;

private:
  CUresult enter(CUcontext C, bool Adopt) noexcept;

  const Driver &D;
  bool Pushed = false;
};

/// A context other than the primary one, by its handle and its unique id
/// (cuCtxGetId), which a destroyed context's handle, reused by a new
/// context, does not share: caches of loaded kernels are keyed by the id.
struct ForeignContext {
  CUcontext Ctx = nullptr; ///< Null: the primary context.
  /// cuCtxGetId's value plus one: 0 stands for the primary context in the
  /// caches' keys.
  uint64_t Id = 0;
};

/// The borrowed streams of one device that belong to another context than
/// its primary one, counted by borrow (a handle may be borrowed by several
/// pykc::Streams at once). Thread-safe; a program that borrows none pays
/// one atomic load a lookup.
class ForeignStreams {
public:
  /// The context of \p Stream when it is a borrowed stream of another
  /// context; {} (the primary context) otherwise.
  ForeignContext find(void *Stream) const;
  void add(CUstream Stream, ForeignContext Owner);
  /// Undoes one add(); a stream not added is ignored.
  void remove(CUstream Stream) noexcept;

private:
  struct Entry {
    ForeignContext Owner;
    unsigned Borrows = 0;
  };
  mutable std::mutex Mutex;
  std::map<CUstream, Entry> Streams;
  std::atomic<size_t> Count{0};
};

} // namespace pykc::runtime::cu

#endif // PYKC_RUNTIME_CUDACONTEXT_H
