//===- CpuLauncher.cpp - Running CPU-backend kernels ----------------------===//
#include "CpuLauncher.h"
#include "BlockScheduler.h"
#include "BoundsRecord.h"
#include "CallGenerated.h"
#include "CheckState.h"
#include "GuardedMemory.h"
#include "KernelFaults.h"
#include "SmallLaunches.h"
#include "ThreadPool.h"

#include "pykc/Error.h"

#include <algorithm>
#include <condition_variable>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <new>
#include <string>
#include <sys/mman.h>
#include <system_error>
#include <thread>
#include <unistd.h>
#include <utility>
#include <vector>

using namespace pykc;
using namespace pykc::runtime;
namespace ctx = boost::context;

namespace {

/// State a worker reuses from block to block; only its worker touches it.
struct WorkerState {
  StackPool Stacks;
  /// Static and dynamic shared memory, each ending at a guard page.
  GuardedTail Shared{16}, DynamicShared{16};
  std::vector<pykc_cpu_context> Contexts;
  std::vector<ctx::fiber> Fibers;
  BlockScheduler Scheduler;
  BlockCheck Check;

  /// After a fault in a fibered block: its fibers are dropped without
  /// unwinding (their frames must not run again) and their stacks reused.
  void abandonFibers() {
    for (ctx::fiber &F : Fibers)
      abandonFiber(std::move(F));
    Fibers.clear();
    abandonFiber(std::move(Scheduler.Main));
    Stacks.reclaimAll();
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
  bool Fibers;
};

/// "(2, 0, 0)".
std::string dimString(const uint32_t (&D)[3]) {
  return "(" + std::to_string(D[0]) + ", " + std::to_string(D[1]) + ", " + std::to_string(D[2]) +
         ")";
}

void setThreadIndex(pykc_cpu_context &Ctx, const Dim3 &B, uint64_t T) {
  Ctx.thread_idx[0] = uint32_t(T % B.x);
  Ctx.thread_idx[1] = uint32_t(T / B.x % B.y);
  Ctx.thread_idx[2] = uint32_t(T / (uint64_t(B.x) * B.y));
}

/// Fails the launch with what the block's threads recorded (an exception
/// must not unwind through kernel frames): the first out-of-range index,
/// or a barrier the kernel image did not announce.
void throwRecordedProblem(const Launch &L, const BlockScheduler &S) {
  if (S.BoundsError.empty() && S.NoneError.empty() && !S.MisusedGridSync && !S.MisusedBarrier)
    return; // after every block run: no strings built for nothing
  std::string Kernel = L.K.Name ? L.K.Name : "?";
  if (!S.NoneError.empty())
    throw Error(ErrorCode::Kernel, "kernel '" + Kernel + "' " + S.NoneError +
                                       " (on a GPU this thread would stop there; test for "
                                       "None with 'is not None' before using the value)");
  if (!S.BoundsError.empty())
    throw Error(ErrorCode::Kernel, "kernel '" + Kernel + "' " + S.BoundsError +
                                       "; that access was not made (--boundscheck)");
  if (S.MisusedGridSync)
    throw Error(ErrorCode::Kernel,
                "CPU kernel '" + Kernel +
                    "' synchronizes its grid (cuda.cg.this_grid().sync()), "
                    "but its KernelImage says Cooperative = false, so its "
                    "blocks did not run together and the results are wrong; "
                    "set Cooperative (PYKC_KERNEL_COOPERATIVE in the module's "
                    "kernel flags)");
  if (S.MisusedBarrier)
    throw Error(ErrorCode::Kernel,
                "CPU kernel '" + Kernel +
                    "' called pykc_cpu_barrier, but its KernelImage says "
                    "CpuUsesBarrier = false, so its threads ran one after "
                    "the other and the results are wrong; set "
                    "CpuUsesBarrier from SYM__cpu_uses_barrier");
}

void runBlockSequentially(const Launch &L, WorkerState &W,
                          pykc_cpu_context Ctx) {
  BlockScheduler &S = W.Scheduler;
  S.reset(L.C.Block.count(), /*WithFibers=*/false);
  Ctx.scheduler = &S;
  for (uint64_t T = 0; T < S.Threads; ++T) {
    S.Current = T; // for a fault's message
    setThreadIndex(Ctx, L.C.Block, T);
    runtime_detail::callGenerated(L.K.CpuEntry, L.Args, &Ctx);
  }
  throwRecordedProblem(L, S);
}

/// The lanes of \p T's warp that have not returned.
uint32_t liveLanes(const BlockScheduler &S, uint64_t T) {
  uint64_t First = T / WarpSize * WarpSize;
  uint32_t Mask = 0;
  for (uint64_t L = 0; L < WarpSize && First + L < S.Threads; ++L)
    if (S.State[First + L] != ThreadState::Done)
      Mask |= 1u << L;
  return Mask;
}

/// For the checker: the lanes \p Freed (in thread order) meet at warp
/// operations; their masks must name themselves and lanes that have not
/// returned, and agree; their clocks are joined.
void checkWarpMeetings(BlockScheduler &S, const std::vector<uint64_t> &Freed) {
  for (size_t I = 0; I < Freed.size();) {
    uint64_t Warp = Freed[I] / WarpSize, First = Warp * WarpSize;
    uint32_t Existing = 0, Lanes = 0;
    for (uint64_t L = 0; L < WarpSize && First + L < S.Threads; ++L)
      Existing |= 1u << L;
    uint32_t Exited = Existing & ~liveLanes(S, First);
    size_t J = I;
    for (; J < Freed.size() && Freed[J] / WarpSize == Warp; ++J) {
      uint64_t T = Freed[J];
      Lanes |= 1u << (T % WarpSize);
      S.Check->warpMask(T, S.WarpMask[T], Exited, S.WarpMask[Freed[I]], Freed[I]);
    }
    S.Check->warpMet(Warp, Lanes);
    I = J;
  }
}

/// After a round in which every ready fiber ran until it waited or
/// returned, makes ready the threads whose wait is over: a thread at a warp
/// operation once every live lane of its mask is at one too (as the lanes
/// of a mask converge on a GPU), which also freezes its warp's published
/// values for those lanes to read; every thread at the block barrier once
/// all live threads of the block are at it. Returns false when threads
/// wait and none can go on (they wait at barriers that never meet).
bool release(BlockScheduler &S) {
  if (S.AtWarp == 0) {
    // Every thread left has reached the block barrier: it opens.
    if (S.Reducing) {
      S.ReducedCount = S.ReducedLive = 0;
      for (uint64_t T = 0; T < S.Threads; ++T)
        if (S.State[T] != ThreadState::Done) {
          ++S.ReducedLive;
          S.ReducedCount += S.Published[T] != 0;
        }
      S.Reducing = false;
    }
    if (S.Check) {
      S.Live.resize(S.Threads);
      for (uint64_t T = 0; T < S.Threads; ++T)
        S.Live[T] = S.State[T] != ThreadState::Done;
      S.Check->barrierOpened(S.Live);
    }
    if (S.MarkedAtBlock)
      for (ThreadState &St : S.State)
        if (St == ThreadState::AtBlock)
          St = ThreadState::Ready;
    S.MarkedAtBlock = false;
    S.AtBlock = 0;
    return true;
  }
  if (S.AtBlock) {
    // Threads wait at warp operations, so the block barrier stays shut:
    // mark its waiters, which would otherwise run on as Ready.
    for (ThreadState &St : S.State)
      if (St == ThreadState::Ready)
        St = ThreadState::AtBlock;
    S.MarkedAtBlock = true;
  }
  std::vector<uint64_t> Freed; // decided on the state before any change
  for (uint64_t T = 0; T < S.Threads; ++T) {
    if (S.State[T] != ThreadState::AtWarp)
      continue;
    uint64_t First = T / WarpSize * WarpSize;
    uint32_t Waits = S.WarpMask[T] & liveLanes(S, T);
    bool Arrived = true;
    for (uint64_t L = 0; L < WarpSize && Arrived; ++L)
      if (Waits >> L & 1)
        Arrived = S.State[First + L] == ThreadState::AtWarp;
    if (Arrived)
      Freed.push_back(T);
  }
  // Freed is in thread order, so the lanes of one warp are adjacent. One
  // snapshot per warp: the lanes freed together read the values (and see
  // the live lanes) of the moment they met, whatever runs first next round.
  uint64_t LastWarp = ~uint64_t(0);
  if (S.Check)
    checkWarpMeetings(S, Freed);
  for (uint64_t T : Freed) {
    uint64_t Warp = T / WarpSize, First = Warp * WarpSize;
    if (Warp != LastWarp) {
      std::copy(S.Published.begin() + First,
                S.Published.begin() + std::min<uint64_t>(First + WarpSize, S.Threads),
                S.Snapshot.begin() + First);
      S.LiveAtMeeting[Warp] = liveLanes(S, T);
      LastWarp = Warp;
    }
    S.State[T] = ThreadState::Ready;
  }
  S.AtWarp -= Freed.size();
  // Threads still wait at warp operations, so the block barrier stays shut.
  return !Freed.empty();
}

void runBlockAsFibers(const Launch &L, WorkerState &W,
                      const pykc_cpu_context &Base) {
  BlockScheduler &S = W.Scheduler;
  S.reset(L.C.Block.count(), /*WithFibers=*/true);
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
                              runtime_detail::callGenerated(L.K.CpuEntry, L.Args, Ctx);
                            } catch (...) {
                              if (!S.FirstError)
                                S.FirstError = std::current_exception();
                            }
                            return std::move(S.Main);
                          });
  }
  // Each round resumes every ready thread once; it runs until it waits (at
  // the block barrier or a warp operation) or returns. Then release()
  // decides who goes on.
  bool Stuck = false;
  while (S.Done < S.Threads) {
    S.DoneAtRound = S.Done;
    if (S.Done) // else every lane is live, and pykc_cpu_warp_active knows it
      for (uint64_t T = 0; T < S.Threads; T += WarpSize)
        S.LiveAtRound[T / WarpSize] = liveLanes(S, T);
    for (uint64_t T = 0; T < S.Threads; ++T) {
      if (S.State[T] != ThreadState::Ready)
        continue;
      S.Current = T;
      W.Fibers[T] = std::move(W.Fibers[T]).resume();
      if (!W.Fibers[T]) {
        S.State[T] = ThreadState::Done;
        ++S.Done;
      }
    }
    bool Released = release(S);
    if (Released && S.GridSyncPending && S.AtBlock == 0) {
      // The whole block is at the grid sync: wait for the other blocks.
      S.GridSyncPending = false;
      S.Grid->arriveAndWait();
    }
    if (!Released) {
      // No wait can end. Let everyone run on (their results are
      // meaningless, but their stacks unwind normally) and report it.
      Stuck = true;
      for (ThreadState &St : S.State)
        if (St != ThreadState::Done)
          St = ThreadState::Ready;
      S.AtBlock = S.AtWarp = 0;
      S.MarkedAtBlock = false;
    }
  }
  if (S.FirstError)
    std::rethrow_exception(std::exchange(S.FirstError, nullptr));
  throwRecordedProblem(L, S);
  if (Stuck)
    throw Error(ErrorCode::Kernel,
                std::string("CPU kernel '") + (L.K.Name ? L.K.Name : "?") +
                    "': threads of a block wait at barriers that can never "
                    "all be reached (some at cuda.syncthreads(), others at a "
                    "warp operation whose lanes do not all arrive); a GPU "
                    "would hang or give undefined results");
}

} // namespace

namespace {

/// The context of the launch's blocks on worker \p W: dimensions, and
/// \p W's shared memory; no indices.
pykc_cpu_context blockContext(const Launch &L, WorkerState &W) {
  const LaunchConfig &C = L.C;
  pykc_cpu_context Ctx{};
  for (int I = 0; I < 3; ++I) {
    Ctx.block_dim[I] = C.Block[I];
    Ctx.grid_dim[I] = C.Grid[I];
  }
  // Each at the top of its own mapping, so an overrun faults at once.
  if (L.K.CpuSharedBytes)
    Ctx.shared_memory = W.Shared.tail(size_t(L.K.CpuSharedBytes));
  if (C.DynamicSharedBytes) {
    Ctx.dynamic_shared = W.DynamicShared.tail(C.DynamicSharedBytes);
    Ctx.dynamic_shared_bytes = C.DynamicSharedBytes;
  }
  return Ctx;
}

void setBlockIndex(pykc_cpu_context &Ctx, const Dim3 &G, uint64_t Block) {
  Ctx.block_idx[0] = uint32_t(Block % G.x);
  Ctx.block_idx[1] = uint32_t(Block / G.x % G.y);
  Ctx.block_idx[2] = uint32_t(Block / (uint64_t(G.x) * G.y));
}

/// Runs block \p Block of the launch with \p W's stacks and shared memory.
void runBlock(const Launch &L, WorkerState &W, uint64_t Block, GridBarrier *Grid) {
  pykc_cpu_context Ctx = blockContext(L, W);
  setBlockIndex(Ctx, L.C.Grid, Block);
  W.Scheduler.Grid = Grid;
  W.Scheduler.setCheck(nullptr);
  if (L.K.CpuChecked) {
    W.Check.begin(Ctx, L.K.CpuSharedBytes, L.C.Block.count());
    W.Scheduler.setCheck(&W.Check);
  }
  FaultLanding Fault;
  if (runCatchingFaults(Fault, [&] {
        if (L.Fibers)
          runBlockAsFibers(L, W, Ctx);
        else
          runBlockSequentially(L, W, Ctx);
      }))
    return;
  if (L.Fibers)
    W.abandonFibers();
  setThreadIndex(Ctx, L.C.Block, W.Scheduler.Current);
  throw Error(ErrorCode::Kernel,
              faultMessage(L.K.Name, Fault.Address,
                           "thread " + dimString(Ctx.thread_idx) + " of block " +
                               dimString(Ctx.block_idx)));
}

/// Runs blocks [First, First + Count) of a kernel without barriers in one
/// call of its blocks entry, with \p W's shared memory. A checked kernel's
/// (codegen/CPUCheckFast.h) reports its bounds errors to \p Check; false
/// when it declined the launch (nothing ran).
bool runBlockRun(const Launch &L, WorkerState &W, uint64_t First, uint64_t Count,
                 BlockCheck *Check = nullptr) {
  pykc_cpu_context Ctx = blockContext(L, W);
  BlockScheduler &S = W.Scheduler;
  S.reset(L.C.Block.count(), /*WithFibers=*/false);
  S.ByThread = !L.K.CpuUsesBarrier;
  S.Grid = nullptr;
  S.setCheck(Check);
  S.CheckStaticShared = L.K.CpuSharedBytes;
  S.FastRefused = false;
  Ctx.scheduler = &S;
  FaultLanding Fault;
  if (runCatchingFaults(Fault, [&] {
        runtime_detail::callGenerated(L.K.CpuBlocksEntry, L.Args, &Ctx, First, Count);
      })) {
    if (S.FastRefused)
      return false;
    throwRecordedProblem(L, S);
    return true;
  }
  // The blocks entry keeps its indices in registers. Run the blocks again,
  // one at a time through the per-thread entry, until one faults and names
  // its thread (the launch fails either way; its arrays are undefined, as
  // after a GPU's illegal memory access).
  for (uint64_t Block = First; Block < First + Count; ++Block)
    runBlock(L, W, Block, nullptr);
  pykc_cpu_context Last{};
  setBlockIndex(Ctx, L.C.Grid, First);
  setBlockIndex(Last, L.C.Grid, First + Count - 1);
  throw Error(ErrorCode::Kernel,
              faultMessage(L.K.Name, Fault.Address,
                           "a thread of blocks " + dimString(Ctx.block_idx) + " to " +
                               dimString(Last.block_idx)));
}

/// Runs of consecutive blocks [First, First + Count), a few per worker so
/// that uneven blocks still balance: Body(Worker, Run, First, Count) for
/// each of the blockRuns(Blocks) runs.
uint64_t blockRuns(uint64_t Blocks) {
  ThreadPool &Pool = ThreadPool::get();
  // (On one thread there is nothing to balance: one run.)
  return std::min<uint64_t>(Blocks, Pool.size() == 1 ? 1 : uint64_t(Pool.size()) * 8);
}
template <class F> void forEachBlockRun(uint64_t Blocks, F &&Body) {
  ThreadPool &Pool = ThreadPool::get();
  uint64_t Runs = blockRuns(Blocks);
  uint64_t Each = Blocks / Runs, Extra = Blocks % Runs;
  Pool.parallelFor(Runs, [&](unsigned Worker, uint64_t Run) {
    Body(Worker, Run, Run * Each + std::min(Run, Extra), Each + (Run < Extra));
  });
}

/// forEachBlockRun for an unchecked kernel's blocks entry \p Key: a launch
/// that its earlier ones say is short runs as one run on this thread
/// (SmallLaunches.h); every launch's time teaches the next.
template <class F> void forEachBlockRunSized(const void *Key, uint64_t Blocks, F &&Body) {
  ThreadPool &Pool = ThreadPool::get();
  if (Pool.size() == 1) // nothing to decide, nothing to time
    return forEachBlockRun(Blocks, Body);
  bool Alone = SmallLaunches::runAlone(Key, Blocks);
  uint64_t Start = SmallLaunches::now();
  if (Alone)
    Pool.parallelFor(1, [&](unsigned Worker, uint64_t) { Body(Worker, 0, 0, Blocks); });
  else
    forEachBlockRun(Blocks, Body);
  uint64_t Threads = Alone ? 1 : std::min<uint64_t>(Pool.size(), blockRuns(Blocks));
  // (A shared-out launch's threads may not all have run the whole time: an
  // overestimate, which errs towards sharing out.)
  SmallLaunches::record(Key, Blocks, (SmallLaunches::now() - Start) * Threads);
}

/// A checked kernel's blocks entry (codegen/CPUCheckFast.h: its global
/// accesses cannot race, and only its blocks' own shared memory is
/// checked): its blocks are independent, so runs of them go on at once,
/// each worker with its own checker; what each run found is added in block
/// order, as if the blocks had run one at a time. False when the entry
/// declined the launch (nothing ran).
bool runCheckedBlockRuns(const Launch &L) {
  uint64_t Blocks = L.C.Grid.count();
  if (Blocks == 0)
    return true;
  auto &States = workerStates();
  std::vector<CheckErrorLog> Logs(blockRuns(Blocks));
  for (CheckErrorLog &Log : Logs) // (threads of several blocks may interleave)
    Log.ByThread = !L.K.CpuUsesBarrier;
  std::vector<uint8_t> Ran(Logs.size(), 0);
  auto AddLogs = [&] {
    for (CheckErrorLog &Log : Logs)
      Log.addTo();
  };
  try {
    forEachBlockRun(Blocks, [&](unsigned Worker, uint64_t Run, uint64_t First, uint64_t Count) {
      CheckErrorLog::Scope Logging(Logs[Run]);
      WorkerState &W = States[Worker];
      Ran[Run] = runBlockRun(L, W, First, Count, &W.Check);
    });
  } catch (...) {
    AddLogs();
    throw;
  }
  // The entry asks the same question of every run: all ran, or none did.
  if (std::find(Ran.begin(), Ran.end(), 0) != Ran.end())
    return false;
  AddLogs();
  return true;
}

/// PYKC_CPU_FIBERS=1: kernels with barriers run on fibers even when their
/// blocks entry could run them (to compare the two; they give the same
/// results, and checked ones the same reports).
bool forceFibers() {
  static const bool Force = [] {
    const char *V = std::getenv("PYKC_CPU_FIBERS");
    return V && std::string(V) == "1";
  }();
  return Force;
}

/// A cooperative launch: every block on a thread of its own, all at once,
/// so that a grid sync can wait for all of them.
void launchCooperatively(const Launch &L) {
  uint64_t Blocks = L.C.Grid.count();
  if (Blocks > CpuMaxCooperativeBlocks)
    throw Error(ErrorCode::LaunchLimit,
                std::string("kernel '") + (L.K.Name ? L.K.Name : "?") +
                    "' synchronizes its grid (cuda.cg.this_grid().sync()), so "
                    "all its blocks run at once, and the CPU device runs at "
                    "most " + std::to_string(CpuMaxCooperativeBlocks) +
                    " blocks at once, not " + std::to_string(Blocks) +
                    "; launch fewer blocks and loop over the data");
  GridBarrier Grid(Blocks, L.K.CpuChecked);
  std::vector<WorkerState> States(Blocks);
  std::vector<std::exception_ptr> Errors(Blocks);
  std::vector<std::thread> Threads;
  Threads.reserve(Blocks);
  std::exception_ptr StartError;
  for (uint64_t B = 0; B < Blocks; ++B) {
    try {
      Threads.emplace_back([&, B] {
        try {
          runBlock(L, States[B], B, &Grid);
        } catch (...) {
          Errors[B] = std::current_exception();
        }
        Grid.leave(B, !Errors[B]);
      });
    } catch (const std::system_error &) {
      // The blocks that never start must not be waited for.
      StartError = std::current_exception();
      for (uint64_t Rest = B; Rest < Blocks; ++Rest)
        Grid.leave(Rest, /*Counts=*/false);
      break;
    }
  }
  for (std::thread &T : Threads)
    T.join();
  if (StartError)
    throw Error(ErrorCode::OutOfMemory,
                "cannot start a thread for each of the " + std::to_string(Blocks) +
                    " blocks of a cooperative launch; launch fewer blocks");
  for (std::exception_ptr &E : Errors)
    if (E)
      std::rethrow_exception(E);
  if (int64_t Block = Grid.deadlockedBy(); Block >= 0) {
    pykc_cpu_context Ctx{};
    setBlockIndex(Ctx, L.C.Grid, uint64_t(Block));
    throw Error(ErrorCode::Kernel,
                std::string("kernel '") + (L.K.Name ? L.K.Name : "?") + "' deadlocks: block " +
                    dimString(Ctx.block_idx) +
                    " returned while other blocks wait at the grid barrier "
                    "(cuda.cg.this_grid().sync()), which counts every block "
                    "of the launch; on a GPU the launch hangs");
  }
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
  Launch L{K, C, Args, K.CpuUsesBarrier && C.Block.count() > 1};
  if (K.CpuChecked) {
    gridCheck().begin(/*Concurrent=*/K.Cooperative && C.Grid.count() > 1);
  } else {
    markAllWritten(); // what it writes is not followed
  }
  if (K.Cooperative && C.Grid.count() > 1)
    return launchCooperatively(L);
  if (K.CpuChecked) {
    // One block at a time, on this thread: the checker's reports come in
    // block order, the same on every run. A kernel that cannot race on
    // global memory has a blocks entry that runs them so (when the launch
    // keeps its guarantee) with bounds checks only.
    static WorkerState Checking;
    if (K.CpuBlocksEntry && !(K.CpuUsesBarrier && forceFibers()) && runCheckedBlockRuns(L))
      return;
    for (uint64_t Block = 0; Block < C.Grid.count(); ++Block)
      runBlock(L, Checking, Block, nullptr);
    return;
  }
  auto &States = workerStates();
  if (K.CpuBlocksEntry && !(K.CpuUsesBarrier && forceFibers())) {
    // Each run is one call, its blocks one loop.
    forEachBlockRunSized(reinterpret_cast<const void *>(K.CpuBlocksEntry), C.Grid.count(),
                         [&](unsigned Worker, uint64_t, uint64_t First, uint64_t Count) {
                           runBlockRun(L, States[Worker], First, Count);
                         });
    return;
  }
  ThreadPool::get().parallelFor(C.Grid.count(), [&](unsigned Worker, uint64_t Block) {
    runBlock(L, States[Worker], Block, nullptr);
  });
}
