//===- ThreadPool.cpp - The CPU device's worker threads -------------------===//
#include "ThreadPool.h"

#include <algorithm>
#include <utility>

using namespace pykc::runtime;

ThreadPool &ThreadPool::get() {
  static ThreadPool *Pool = [] {
    unsigned N = std::thread::hardware_concurrency();
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

void ThreadPool::workerLoop(unsigned Worker) {
  uint64_t Seen = 0;
  for (;;) {
    {
      std::unique_lock<std::mutex> Lock(M);
      WorkReady.wait(Lock, [&] { return Generation != Seen; });
      Seen = Generation;
      if (Tickets == 0)
        continue; // This job has the workers it asked for.
      --Tickets;
    }
    runItems(Worker);
    std::lock_guard<std::mutex> Lock(M);
    if (--Busy == 0)
      WorkDone.notify_one();
  }
}

void ThreadPool::parallelFor(
    uint64_t N, const std::function<void(unsigned, uint64_t)> &Fn) {
  if (N == 0)
    return;
  std::lock_guard<std::mutex> JobLock(JobMutex);
  unsigned Helpers = unsigned(std::min<uint64_t>(N - 1, Workers.size()));
  {
    std::lock_guard<std::mutex> Lock(M);
    Body = &Fn;
    Count = N;
    Next.store(0);
    Cancelled.store(false);
    FirstError = nullptr;
    Busy = Tickets = Helpers;
    if (Helpers) {
      ++Generation;
      WorkReady.notify_all();
    }
  }
  runItems(size() - 1);
  std::exception_ptr Error;
  {
    std::unique_lock<std::mutex> Lock(M);
    WorkDone.wait(Lock, [&] { return Busy == 0; });
    Body = nullptr;
    Error = std::exchange(FirstError, nullptr);
  }
  if (Error)
    std::rethrow_exception(Error);
}
