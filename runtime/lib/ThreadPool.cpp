//===- ThreadPool.cpp - The CPU device's worker threads -------------------===//
#include "ThreadPool.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <utility>

using namespace pykc::runtime;

unsigned ThreadPool::environmentThreads() {
  const char *Text = std::getenv("PYKC_NUM_THREADS");
  if (!Text || !*Text)
    return 0;
  char *End = nullptr;
  long N = std::strtol(Text, &End, 10);
  return *End == '\0' && N > 0 ? unsigned(std::min<long>(N, 256)) : 0;
}

ThreadPool &ThreadPool::get() {
  static ThreadPool *Pool = [] {
    unsigned N = environmentThreads();
    if (!N)
      N = std::thread::hardware_concurrency();
    return new ThreadPool(N > 1 ? N - 1 : 0); // the caller is the last one
  }();
  return *Pool;
}

ThreadPool::ThreadPool(unsigned N) {
  Workers.reserve(N);
  for (unsigned I = 0; I < N; ++I) {
    Workers.emplace_back([this, I] { workerLoop(I); });
    Workers.back().detach();
  }
}

void ThreadPool::runItems(unsigned Worker) {
  for (;;) {
    if (Cancelled.load(std::memory_order_relaxed))
      return;
    uint64_t Item = Next.fetch_add(1, std::memory_order_relaxed);
    if (Item >= Count)
      return;
    try {
      (*Body)(Worker, Item);
    } catch (...) {
      std::lock_guard<std::mutex> Lock(M);
      if (!FirstError)
        FirstError = std::current_exception();
      Cancelled.store(true);
    }
  }
}

namespace {

/// Whether \p Ready() became true within SpinTime of polling. Waking a
/// thread blocked on a condition variable takes tens of microseconds (more
/// on a virtual machine), longer than a small launch runs; back-to-back
/// launches find their threads still polling, as OpenMP runtimes do.
template <class F> bool spinUntil(F &&Ready) {
  constexpr auto SpinTime = std::chrono::microseconds(200);
  auto Start = std::chrono::steady_clock::now();
  for (unsigned I = 1;; ++I) {
    if (Ready())
      return true;
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
    if (I % 64 == 0 && std::chrono::steady_clock::now() - Start > SpinTime)
      return false;
  }
}

} // namespace

void ThreadPool::workerLoop(unsigned Worker) {
  uint64_t Seen = 0;
  auto NewJob = [&] { return Generation.load(std::memory_order_acquire) != Seen; };
  for (;;) {
    if (!spinUntil(NewJob)) {
      std::unique_lock<std::mutex> Lock(M);
      WorkReady.wait(Lock, NewJob);
    }
    {
      std::lock_guard<std::mutex> Lock(M);
      Seen = Generation.load(std::memory_order_relaxed);
      if (Tickets == 0)
        continue; // This job has the workers it asked for.
      --Tickets;
    }
    runItems(Worker);
    if (Busy.fetch_sub(1, std::memory_order_acq_rel) == 1) {
      // The caller may be blocked: it checks Busy holding M.
      std::lock_guard<std::mutex> Lock(M);
      WorkDone.notify_one();
    }
  }
}

void ThreadPool::run(uint64_t N, ItemBody Fn) {
  if (N == 0)
    return;
  std::lock_guard<std::mutex> JobLock(JobMutex);
  unsigned Helpers = unsigned(std::min<uint64_t>(N - 1, Workers.size()));
  if (Helpers == 0) {
    // One item, or no workers (PYKC_NUM_THREADS=1): no helper takes part,
    // so no other thread reads the job's state and the items run here
    // without M. A small launch's cost was mostly its locks. As below, the
    // first exception skips the items after it and reaches the caller.
    for (uint64_t Item = 0; Item < N; ++Item)
      Fn(size() - 1, Item);
    return;
  }
  {
    std::lock_guard<std::mutex> Lock(M);
    Body = &Fn;
    Count = N;
    Next.store(0);
    Cancelled.store(false);
    FirstError = nullptr;
    Busy.store(Helpers);
    Tickets = Helpers;
    if (Helpers) {
      Generation.fetch_add(1, std::memory_order_release);
      WorkReady.notify_all();
    }
  }
  runItems(size() - 1);
  {
    // Every item is taken. Helpers that have not woken up yet have nothing
    // left to do and are not waited for: waking a sleeping thread takes
    // longer than a small launch runs (4 us against 0.4 us for a 4096-element
    // increment on the 2-core VM). Waking late, they find no ticket.
    std::lock_guard<std::mutex> Lock(M);
    Busy.fetch_sub(Tickets, std::memory_order_acq_rel);
    Tickets = 0;
  }
  std::exception_ptr Error;
  auto AllDone = [&] { return Busy.load(std::memory_order_acquire) == 0; };
  spinUntil(AllDone);
  {
    std::unique_lock<std::mutex> Lock(M);
    WorkDone.wait(Lock, AllDone);
    Body = nullptr;
    Error = std::exchange(FirstError, nullptr);
  }
  if (Error)
    std::rethrow_exception(Error);
}
