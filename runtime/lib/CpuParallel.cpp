//===- CpuParallel.cpp - prange loops of @njit(parallel=True) functions ---===//
//
// pykc_host_raise and pykc_host_bounds_error record an exception of host
// code (CpuABI.h).
// pykc_cpu_parallel_for (CpuABI.h) splits a loop's iterations into one
// chunk a thread, each of about the same size, and runs them on the
// runtime's ThreadPool. How many threads: PYKC_NUM_THREADS when set (as
// NUMBA_NUM_THREADS is for Numba), else the module's set_num_threads, else
// the pool's. A chunk run from inside another chunk (a parallel function
// called from a prange body) runs its own chunks in order: the pool takes
// one job at a time.
//
//===----------------------------------------------------------------------===//
#include "BoundsRecord.h"
#include "HostCheck.h"
#include "KernelFaults.h"
#include "ThreadPool.h"

#include "pykc/CpuABI.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <string>

using namespace pykc::runtime;

namespace {

thread_local bool InsideChunk = false;

pykc_host_status *statusOf(pykc_cpu_context *Ctx) {
  return static_cast<pykc_host_status *>(Ctx ? Ctx->scheduler : nullptr);
}

/// Records \p Message as the call's error unless one is recorded already
/// (chunks of a prange loop may raise at once: the first message stays).
bool recordFirst(pykc_host_status &Status, const char *Message) {
  const char *Expected = nullptr;
  return __atomic_compare_exchange_n(&Status.error, &Expected, Message, false, __ATOMIC_ACQ_REL,
                                     __ATOMIC_ACQUIRE);
}

} // namespace

extern "C" __attribute__((visibility("default"))) void
pykc_host_raise(pykc_cpu_context *Ctx, const char *Message) {
  if (pykc_host_status *Status = statusOf(Ctx))
    recordFirst(*Status, Message);
}

extern "C" __attribute__((visibility("default"))) void
pykc_host_bounds_error(pykc_cpu_context *Ctx, const char *Where, const char *Function,
                       uint32_t Axis, int64_t Index, int64_t Extent) {
  pykc_host_status *Status = statusOf(Ctx);
  if (!Status || __atomic_load_n(&Status->error, __ATOMIC_ACQUIRE))
    return; // a loop that keeps going out of range reports once
  std::string Message = std::string(Where) + ": IndexError: " +
                        outOfBounds(Index, Axis, Extent) + " (in '" + Function + "')";
  // Kept for the process's life, as the messages pykc_host_raise records
  // are: one per call that fails, the first one only.
  char *Copy = new char[Message.size() + 1];
  std::memcpy(Copy, Message.c_str(), Message.size() + 1);
  if (!recordFirst(*Status, Copy))
    delete[] Copy;
}

extern "C" __attribute__((visibility("default"))) int64_t
pykc_cpu_parallel_for(int64_t Trips, int32_t Threads, pykc_cpu_chunk_fn Chunk, void *Env,
                      void *Partials, int64_t PartialBytes) {
  if (Trips <= 0)
    return 0;
  static const unsigned FromEnvironment =
      std::min<unsigned>(ThreadPool::environmentThreads(), PYKC_CPU_MAX_PARALLEL_CHUNKS);
  uint64_t Wanted = FromEnvironment ? FromEnvironment
                    : Threads > 0   ? uint64_t(Threads)
                                    : ThreadPool::get().size();
  uint64_t Chunks = std::min<uint64_t>({Wanted, uint64_t(Trips), PYKC_CPU_MAX_PARALLEL_CHUNKS});
  auto Run = [&](uint64_t K) {
    int64_t Lo = int64_t(uint64_t(Trips) * K / Chunks);
    int64_t Hi = int64_t(uint64_t(Trips) * (K + 1) / Chunks);
    Chunk(Env, Lo, Hi, static_cast<char *>(Partials) + K * PartialBytes);
  };
  if (hostCheckOn()) {
    // Checked (pykc call --check): the chunks in order, on this thread,
    // where the checker follows the iterations.
    hostLoopBegin();
    for (uint64_t K = 0; K < Chunks; ++K)
      Run(K);
    hostLoopEnd();
    return int64_t(Chunks);
  }
  if (InsideChunk || Chunks == 1) {
    for (uint64_t K = 0; K < Chunks; ++K)
      Run(K);
    return int64_t(Chunks);
  }
  // When the caller catches faults (pykc call), so does each chunk, on its
  // worker; the first fault then continues on the caller once every chunk
  // is done, as if it had taken it. Otherwise a fault ends the process.
  bool Catch = faultsLand();
  std::atomic<const void *> FaultAt{nullptr};
  ThreadPool::get().parallelFor(Chunks, [&](unsigned, uint64_t K) {
    InsideChunk = true;
    FaultLanding Fault;
    if (!Catch)
      Run(K);
    else if (!runCatchingFaults(Fault, [&] { Run(K); })) {
      const void *None = nullptr;
      FaultAt.compare_exchange_strong(None, Fault.Address ? Fault.Address : &FaultAt);
    }
    InsideChunk = false;
  });
  if (const void *At = FaultAt.load())
    forwardFault(At == &FaultAt ? nullptr : At);
  return int64_t(Chunks);
}
