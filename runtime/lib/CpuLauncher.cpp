//===- CpuLauncher.cpp - Running CPU-backend kernels ----------------------===//
#include "CpuLauncher.h"
#include "ThreadPool.h"

#include "pykc/Error.h"

#include <boost/context/fiber.hpp>
#include <boost/context/stack_context.hpp>

#include <cstdlib>
#include <memory>
#include <new>
#include <sys/mman.h>
#include <unistd.h>
#include <utility>
#include <vector>

using namespace pykc;
using namespace pykc::runtime;
namespace ctx = boost::context;

namespace {

/// Fiber stacks of one worker, kept for reuse across blocks and launches.
/// Each is an mmap'ed region with a PROT_NONE guard page below it.
class StackPool {
public:
  ctx::stack_context take() {
    if (!Free.empty()) {
      ctx::stack_context S = Free.back();
      Free.pop_back();
      return S;
    }
    size_t Page = size_t(sysconf(_SC_PAGESIZE));
    size_t Total = CpuFiberStackBytes + Page;
    void *Base = mmap(nullptr, Total, PROT_READ | PROT_WRITE,
                      MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (Base == MAP_FAILED)
      throw Error(ErrorCode::OutOfMemory,
                  "cannot map a " + std::to_string(Total) +
                      "-byte stack for a CPU kernel thread; use smaller "
                      "blocks");
    mprotect(Base, Page, PROT_NONE);
    ctx::stack_context S;
    S.size = CpuFiberStackBytes;
    S.sp = static_cast<char *>(Base) + Total;
    return S;
  }
  void give(ctx::stack_context S) noexcept { Free.push_back(S); }

private:
  std::vector<ctx::stack_context> Free;
};

/// The stack allocator Boost.Context uses for kernel fibers.
struct PooledStackAllocator {
  StackPool *Pool;
  ctx::stack_context allocate() { return Pool->take(); }
  void deallocate(ctx::stack_context &S) noexcept { Pool->give(S); }
};

/// What ctx->scheduler points to while a block runs.
struct BlockScheduler {
  bool Fibered = false;
  bool MisusedBarrier = false;
  uint64_t Threads = 1;
  ctx::fiber Main; ///< The worker, while one of the block's fibers runs.
  std::exception_ptr FirstError;
};

struct AlignedFree {
  void operator()(void *P) const { std::free(P); }
};

/// State a worker reuses from block to block; only its worker touches it.
struct WorkerState {
  StackPool Stacks;
  std::unique_ptr<void, AlignedFree> Shared;
  size_t SharedCapacity = 0;
  std::vector<pykc_cpu_context> Contexts;
  std::vector<ctx::fiber> Fibers;
  BlockScheduler Scheduler;

  void *sharedMemory(size_t Bytes) {
    if (Bytes > SharedCapacity) {
      size_t Rounded = (Bytes + 63) / 64 * 64;
      void *P = std::aligned_alloc(64, Rounded);
      if (!P)
        throw std::bad_alloc();
      Shared.reset(P);
      SharedCapacity = Rounded;
    }
    return Shared.get();
  }
};

std::vector<WorkerState> &workerStates() {
  static auto *States = new std::vector<WorkerState>(ThreadPool::get().size());
  return *States;
}

struct Launch {
  const KernelImage &K;
  const LaunchConfig &C;
  void **Args;
  size_t SharedBytes;
};

void setThreadIndex(pykc_cpu_context &Ctx, const Dim3 &B, uint64_t T) {
  Ctx.thread_idx[0] = uint32_t(T % B.x);
  Ctx.thread_idx[1] = uint32_t(T / B.x % B.y);
  Ctx.thread_idx[2] = uint32_t(T / (uint64_t(B.x) * B.y));
}

void runBlockSequentially(const Launch &L, WorkerState &W,
                          pykc_cpu_context Ctx) {
  BlockScheduler &S = W.Scheduler;
  S = BlockScheduler{};
  S.Threads = L.C.Block.count();
  Ctx.scheduler = &S;
  if (L.K.CpuBlockEntry && !L.K.CpuUsesBarrier) {
    L.K.CpuBlockEntry(L.Args, &Ctx);
  } else {
    for (uint64_t T = 0; T < S.Threads; ++T) {
      setThreadIndex(Ctx, L.C.Block, T);
      L.K.CpuEntry(L.Args, &Ctx);
    }
  }
  if (S.MisusedBarrier)
    throw Error(ErrorCode::Kernel,
                std::string("CPU kernel '") + (L.K.Name ? L.K.Name : "?") +
                    "' called pykc_cpu_barrier, but its KernelImage says "
                    "CpuUsesBarrier = false, so its threads ran one after "
                    "the other and the results are wrong; set "
                    "CpuUsesBarrier from SYM__cpu_uses_barrier");
}

void runBlockAsFibers(const Launch &L, WorkerState &W,
                      const pykc_cpu_context &Base) {
  BlockScheduler &S = W.Scheduler;
  S = BlockScheduler{};
  S.Fibered = true;
  S.Threads = L.C.Block.count();
  W.Contexts.assign(S.Threads, Base);
  W.Fibers.clear();
  W.Fibers.reserve(S.Threads);
  for (uint64_t T = 0; T < S.Threads; ++T) {
    pykc_cpu_context *Ctx = &W.Contexts[T];
    Ctx->scheduler = &S;
    setThreadIndex(*Ctx, L.C.Block, T);
    W.Fibers.emplace_back(std::allocator_arg, PooledStackAllocator{&W.Stacks},
                          [&L, &S, Ctx](ctx::fiber &&Main) {
                            S.Main = std::move(Main);
                            try {
                              L.K.CpuEntry(L.Args, Ctx);
                            } catch (...) {
                              if (!S.FirstError)
                                S.FirstError = std::current_exception();
                            }
                            return std::move(S.Main);
                          });
  }
  // Each round resumes every live thread once; it runs until its next
  // barrier or its end, so after a round all live threads wait at a barrier.
  uint64_t Live = S.Threads;
  while (Live) {
    for (ctx::fiber &F : W.Fibers) {
      if (!F)
        continue;
      F = std::move(F).resume();
      if (!F)
        --Live;
    }
  }
  if (S.FirstError)
    std::rethrow_exception(std::exchange(S.FirstError, nullptr));
}

} // namespace

void pykc::runtime::launchOnCpu(const KernelImage &K, const LaunchConfig &C,
                                void **Args) {
  if (!K.CpuEntry)
    throw Error(ErrorCode::NoDevice,
                std::string("kernel '") + (K.Name ? K.Name : "?") +
                    "' has no CPU code (KernelImage::CpuEntry is null); "
                    "compile it with the CPU backend or run it on a CUDA "
                    "device");
  Launch L{K, C, Args, size_t(K.CpuSharedBytes + C.DynamicSharedBytes)};
  bool Fibers = K.CpuUsesBarrier && C.Block.count() > 1;
  auto &States = workerStates();
  ThreadPool::get().parallelFor(C.Grid.count(), [&](unsigned Worker,
                                                    uint64_t Block) {
    WorkerState &W = States[Worker];
    pykc_cpu_context Ctx{};
    Ctx.block_idx[0] = uint32_t(Block % C.Grid.x);
    Ctx.block_idx[1] = uint32_t(Block / C.Grid.x % C.Grid.y);
    Ctx.block_idx[2] = uint32_t(Block / (uint64_t(C.Grid.x) * C.Grid.y));
    for (int I = 0; I < 3; ++I) {
      Ctx.block_dim[I] = C.Block[I];
      Ctx.grid_dim[I] = C.Grid[I];
    }
    Ctx.shared_memory = L.SharedBytes ? W.sharedMemory(L.SharedBytes) : nullptr;
    if (Fibers)
      runBlockAsFibers(L, W, Ctx);
    else
      runBlockSequentially(L, W, Ctx);
  });
}

extern "C" __attribute__((visibility("default"))) void
pykc_cpu_barrier(pykc_cpu_context *Ctx) {
  auto *S = static_cast<BlockScheduler *>(Ctx ? Ctx->scheduler : nullptr);
  if (!S || S->Threads <= 1)
    return; // A lone thread has nobody to wait for.
  if (!S->Fibered) {
    // The kernel said it uses no barriers; the launcher reports the misuse
    // after the block (throwing here would unwind through kernel frames).
    S->MisusedBarrier = true;
    return;
  }
  S->Main = std::move(S->Main).resume();
}
