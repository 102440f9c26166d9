//===- ThreadPool.cpp - The CPU device's worker threads -------------------===//
#include "ThreadPool.h"

#include <utility>

using namespace pykc::runtime;

ThreadPool &ThreadPool::get() {
  static ThreadPool *Pool = [] {
    unsigned N = std::thread::hardware_concurrency();
    return new ThreadPool(N ? N : 1);
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

void ThreadPool::workerLoop(unsigned Worker) {
  uint64_t Seen = 0;
  for (;;) {
    const std::function<void(unsigned, uint64_t)> *Job;
    uint64_t Total;
    {
      std::unique_lock<std::mutex> Lock(M);
      WorkReady.wait(Lock, [&] { return Generation != Seen; });
      Seen = Generation;
      Job = Body;
      Total = Count;
    }
    for (;;) {
      if (Cancelled.load(std::memory_order_relaxed))
        break;
      uint64_t Item = Next.fetch_add(1, std::memory_order_relaxed);
      if (Item >= Total)
        break;
      try {
        (*Job)(Worker, Item);
      } catch (...) {
        std::lock_guard<std::mutex> Lock(M);
        if (!FirstError)
          FirstError = std::current_exception();
        Cancelled.store(true);
      }
    }
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
  std::exception_ptr Error;
  {
    std::unique_lock<std::mutex> Lock(M);
    Body = &Fn;
    Count = N;
    Next.store(0);
    Cancelled.store(false);
    FirstError = nullptr;
    Busy = size();
    ++Generation;
    WorkReady.notify_all();
    WorkDone.wait(Lock, [&] { return Busy == 0; });
    Body = nullptr;
    Error = std::exchange(FirstError, nullptr);
  }
  if (Error)
    std::rethrow_exception(Error);
}
