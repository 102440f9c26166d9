//===- ThreadPool.h - The CPU device's worker threads -----------*- C++ -*-===//
//
// A fixed set of std::threads (one per hardware thread, or PYKC_NUM_THREADS
// when set, less the caller's), created on first use and reused by every CPU
// launch. The calling thread works too, and only as many workers wake as
// there are items beyond its first, so a one-block launch never leaves the
// caller (thread wake-ups cost tens of microseconds; idle threads poll for a
// new job for 200 us before they block, so back-to-back launches do not pay
// it). One job runs at a time; concurrent callers queue on a mutex, so
// per-worker state (fiber stacks, shared memory) needs no locking.
//
//===----------------------------------------------------------------------===//
#ifndef PYKC_RUNTIME_THREADPOOL_H
#define PYKC_RUNTIME_THREADPOOL_H

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace pykc::runtime {

class ThreadPool {
public:
  /// The process's pool (never destroyed: its threads outlive main).
  static ThreadPool &get();

  /// PYKC_NUM_THREADS as a positive count (at most 256), or 0 when it is
  /// unset or not a positive number.
  static unsigned environmentThreads();

  /// Threads a job can run on: the workers and the caller.
  unsigned size() const { return unsigned(Workers.size()) + 1; }

  /// Calls Body(Worker, Item) for every Item in [0, Count), spread over the
  /// caller and the workers (Worker < size() says which one runs it; the
  /// caller is size() - 1), and returns when all calls have returned. If a
  /// call throws, items not yet started are skipped and the first exception
  /// is rethrown here.
  template <class F> void parallelFor(uint64_t Count, F &&Body) {
    run(Count, ItemBody(Body));
  }

private:
  /// parallelFor's Body by reference: it outlives the job, so nothing is
  /// copied (a std::function would allocate any lambda capturing more than
  /// two pointers, at every launch).
  class ItemBody {
  public:
    template <class F>
    explicit ItemBody(F &Fn)
        : Fn(&Fn), Call([](void *P, unsigned Worker, uint64_t Item) {
            (*static_cast<F *>(P))(Worker, Item);
          }) {}
    void operator()(unsigned Worker, uint64_t Item) const { Call(Fn, Worker, Item); }

  private:
    void *Fn;
    void (*Call)(void *, unsigned, uint64_t);
  };

  void run(uint64_t Count, ItemBody Body);
  explicit ThreadPool(unsigned N);
  void workerLoop(unsigned Worker);
  /// Runs items of the current job until none is left.
  void runItems(unsigned Worker);

  std::vector<std::thread> Workers;
  std::mutex JobMutex; ///< Serializes parallelFor callers.

  std::mutex M;
  std::condition_variable WorkReady, WorkDone;
  /// Bumped (holding M) when a job starts; idle workers poll it for a
  /// while before they block on WorkReady.
  std::atomic<uint64_t> Generation{0};
  std::atomic<unsigned> Busy{0}; ///< Workers of this job still running.
  unsigned Tickets = 0;          ///< Workers of this job still to wake.
  const ItemBody *Body = nullptr;
  uint64_t Count = 0;
  std::atomic<uint64_t> Next{0};
  std::atomic<bool> Cancelled{false};
  std::exception_ptr FirstError;
};

} // namespace pykc::runtime

#endif // PYKC_RUNTIME_THREADPOOL_H
