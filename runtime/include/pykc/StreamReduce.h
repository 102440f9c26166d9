//===- pykc/StreamReduce.h - Reducing host arrays in chunks -----*- C++ -*-===//
//
// A host array is reduced by streaming it through a few staging buffers of
// bounded size, so that it may be larger than the device's memory and so
// that copying chunk k+1 overlaps reducing chunk k:
//
//   host array --(a host thread, and helpers: memcpy)--> pinned buffer b
//              --(copy stream: cuMemcpyHtoDAsync)--> device buffer b
//              --(compute stream: the reduction kernel, use_init = 0)--> totals[k]
//
// then the chunks' totals are reduced in order, the running value first as
// Numba combines, and `init` is applied once: f(total, init). On the CPU
// device the host thread copies straight into the device buffer (its
// "device memory" is host memory) while the kernel reduces the buffer
// before it, so the same pipeline, its overlap and its error handling run
// there too, under a PYKC_DEVICE_MEMORY cap.
//
// The chunk size and the number of buffers come from the free memory the
// device reports (get_memory_info), within StreamLimits; an allocation that
// fails halves the chunk instead of failing the reduction, down to
// MinChunkBytes (or the whole array when it is smaller), and a device too
// small even for that is an Error(OutOfMemory) that says how much it needs.
//
// A float sum streamed in C chunks adds each value into a chain of at most
// L + P + C additions, where L is the longest run one thread adds within a
// chunk and P the partials of one launch (CPU device: L <= ceil(chunk / P),
// P <= 4 x hardware threads), so it is within (L + P + C) * u * sum(|x|) of
// the exact sum to first order in u (2^-24 for float32, 2^-53 for float64):
// the usual bound for a tree of that height.
//
//===----------------------------------------------------------------------===//
#ifndef PYKC_STREAMREDUCE_H
#define PYKC_STREAMREDUCE_H

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace pykc {

class Stream;
class ReduceKernels;

/// The bounds a streamed reduction's chunks are chosen within.
struct StreamLimits {
  /// The largest chunk; a larger one only delays the start of the overlap.
  uint64_t MaxChunkBytes = uint64_t(64) << 20;
  /// The smallest chunk worth a copy and a launch: less memory than this
  /// (or than the whole array, when it is smaller) is an error.
  uint64_t MinChunkBytes = uint64_t(64) << 10;
  /// Arrays large enough get at least this many chunks, so that the first
  /// copy and the last reduction, which nothing overlaps, are a small part.
  uint64_t TargetChunks = 16;
  /// The most staging buffers (3: one filled by the host, one copied, one
  /// reduced; fewer when memory is short).
  unsigned MaxBuffers = 3;
  /// Device memory the chunks leave free: for the driver (loading a module)
  /// on a GPU, 0 on the CPU device, whose cap is exact. reduceHost adds the
  /// chunks' totals.
  uint64_t ReserveBytes = 0;
  /// The chunks' totals kept on the device before they are folded into one.
  uint64_t TotalsCapacity = 512;
  /// For tests: plan as if the device had this much memory free, so that
  /// the allocations fail and the chunk shrinks.
  std::optional<uint64_t> AssumedFreeBytes;

  /// The defaults for the current device (ReserveBytes: 64 MiB on a GPU).
  static StreamLimits forCurrentDevice();
};

/// How a host array is streamed.
struct StreamPlan {
  uint64_t ChunkElements = 0;
  unsigned Buffers = 0;
  uint64_t Chunks = 0;
};

/// Plans the streaming of \p Elements values of \p ElementSize bytes
/// through a device with \p FreeBytes free: chunks of a whole number of 4 KiB
/// pages near Elements / TargetChunks within [MinChunkBytes, MaxChunkBytes],
/// as many buffers (up to MaxBuffers, at most one a chunk) as fit. Returns
/// nothing, with \p Why saying what it needs, when not even one chunk of the
/// minimum fits.
std::optional<StreamPlan> planStream(uint64_t Elements, size_t ElementSize, uint64_t FreeBytes,
                                     const StreamLimits &L, std::string &Why);

/// The plan after allocating \p P's buffers failed: the same buffers of
/// half the chunk, or nothing when that is below the minimum.
std::optional<StreamPlan> shrinkPlan(const StreamPlan &P, uint64_t Elements, size_t ElementSize,
                                     const StreamLimits &L);

/// What one streamed reduction did, for tests and benchmarks.
struct StreamReport {
  StreamPlan Plan;      ///< The plan that ran.
  unsigned Shrinks = 0; ///< Times an allocation failed and the chunk halved.
  uint64_t Folds = 0;   ///< Times the totals were folded into one.
  bool Pinned = false;  ///< Whether the chunks went through pinned buffers.
};

namespace detail {
/// Reduces \p Count (>= 1) contiguous host values of \p ElementSize bytes
/// at \p Host on the current device by streaming them; writes the result as
/// reduceOnDevice (Reduce.h) does. Streamed reductions of one device run one
/// at a time.
void reduceHost(const ReduceKernels &K, size_t ElementSize, const void *Host, uint64_t Count,
                const void *Init, void *ResDevice, void *HostResult, Stream *S,
                const StreamLimits &L, StreamReport *Report = nullptr);
} // namespace detail

} // namespace pykc

#endif // PYKC_STREAMREDUCE_H
