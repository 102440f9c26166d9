//===- BlockScheduler.h - The state a running block's threads share -*- C++ -*-===//
//
// What ctx->scheduler points to while the CPU backend runs a block: how its
// threads (fibers, or a fissioned block's turns) stand, the values warp
// operations exchange, the block's recorded problems and its checker. The
// launcher (CpuLauncher.cpp) runs blocks through it; the calls kernels make
// into the runtime (CpuThreadCalls.cpp: barriers, warp operations, bounds
// errors; CheckCalls.cpp: --check) wait, meet and report through it.
//
//===----------------------------------------------------------------------===//
#ifndef PYKC_RUNTIME_BLOCKSCHEDULER_H
#define PYKC_RUNTIME_BLOCKSCHEDULER_H

#include "CheckState.h"
#include "pykc/CpuABI.h"

#include <boost/context/fiber.hpp>

#include <condition_variable>
#include <cstdint>
#include <exception>
#include <mutex>
#include <string>
#include <vector>

namespace pykc::runtime {

/// Where a fiber of a block stands between two turns.
/// (A thread at cuda.syncthreads() keeps Ready while no thread waits at a
/// warp operation: at the end of a round every Ready thread is at the
/// barrier. Only rounds that also have warp waits mark them AtBlock.)
enum class ThreadState : uint8_t {
  Ready,   ///< Runs on the next turn.
  AtBlock, ///< Waits at cuda.syncthreads() for the whole block.
  AtWarp,  ///< Waits at a warp-level operation for the lanes of its mask.
  Done,    ///< Returned (or threw).
};

/// The threads of a warp: 32 consecutive linear thread indices of the block
/// (x fastest), as CUDA numbers them.
constexpr unsigned WarpSize = 32;

/// The grid barrier of a cooperative launch. As a GPU's, it waits for
/// every block of the launch: a block that returns while others wait at it,
/// or before they reach it, would hang a GPU. Here that breaks it: the
/// waiting blocks run on (their results are meaningless, their stacks
/// unwind normally) and the launch reports the deadlock.
class GridBarrier {
public:
  GridBarrier(uint64_t Blocks, bool Checked) : Blocks(Blocks), Checked(Checked) {}

  /// Waits until every block of the launch has arrived.
  void arriveAndWait() {
    std::unique_lock<std::mutex> Lock(M);
    if (Returned || Broken) {
      Broken = true; // (a block that returned cannot arrive any more)
      Wake.notify_all();
      return;
    }
    uint64_t Round = Generation;
    if (++Arrived == Blocks) {
      if (Checked) { // every block's accesses so far are ordered before the rest
        GridCheckLock CheckLock;
        gridCheck().gridSynced();
      }
      Arrived = 0;
      ++Generation;
      Wake.notify_all();
      return;
    }
    Wake.wait(Lock, [&] { return Generation != Round || Broken; });
  }

  /// Block \p Block returned, or failed, or never started (\p Counts:
  /// whether that is a deadlock to report rather than another failure).
  void leave(uint64_t Block, bool Counts = true) {
    std::lock_guard<std::mutex> Lock(M);
    if (!Returned++ && Counts)
      First = Block;
    if (Arrived) {
      Broken = true;
      Wake.notify_all();
    }
  }

  /// The first block that returned while others waited at the barrier or
  /// went on to it; none (-1) when the barrier was never broken.
  int64_t deadlockedBy() const { return Broken && First != ~uint64_t(0) ? int64_t(First) : -1; }

private:
  std::mutex M;
  std::condition_variable Wake;
  const uint64_t Blocks;
  const bool Checked;
  uint64_t Arrived = 0, Generation = 0, Returned = 0;
  uint64_t First = ~uint64_t(0);
  bool Broken = false;
};

/// What ctx->scheduler points to while a block runs.
struct BlockScheduler {
  /// First, for checked kernels' inline path (pykc_check_inline): the
  /// checker's state, or one that is off.
  const pykc_check_inline *CheckInline = &CheckOff;
  static constexpr pykc_check_inline CheckOff{};
  void setCheck(BlockCheck *C) {
    Check = C;
    CheckInline = C ? C->inlineState() : &CheckOff;
  }
  bool Fibered = false;
  bool MisusedBarrier = false;
  /// A cooperative launch's barrier of all blocks (null otherwise), and
  /// whether the block's threads now waiting at its barrier are at a grid
  /// sync: once the block barrier opens, the block meets the others there.
  GridBarrier *Grid = nullptr;
  bool GridSyncPending = false;
  bool MisusedGridSync = false;
  /// The lowest thread's out-of-range index (threadKey: BoundsKey), and
  /// None used as a value (NoneKey).
  std::string BoundsError, NoneError;
  uint64_t BoundsKey = 0, NoneKey = 0;
  /// Whether the lowest thread's error is kept rather than the first one
  /// found: for kernels without barriers (whose threads each run to their
  /// end in one go), where a grid-row loop changes the order.
  bool ByThread = false;
  const char *BoundsArray = nullptr; ///< --check: the next bounds error's array.
  /// A checked kernel's fast blocks entry declined the launch
  /// (pykc_check_fast_launch).
  bool FastRefused = false;
  /// The checker of a checked launch (KernelImage::CpuChecked), else null,
  /// and the kernel's static shared bytes it follows.
  BlockCheck *Check = nullptr;
  uint64_t CheckStaticShared = 0;
  std::vector<uint8_t> Live; ///< For the checker, when a barrier opens.
  uint64_t Threads = 1;
  uint64_t Current = 0; ///< The linear index of the thread now running.
  /// How many threads are in each state but Ready, and how many had
  /// returned when the current round began.
  uint64_t AtBlock = 0, AtWarp = 0, Done = 0, DoneAtRound = 0;
  bool MarkedAtBlock = false; ///< Some State is AtBlock (see ThreadState).
  /// The block barrier reduces predicates (syncthreads_count/and/or): how
  /// many live threads passed a non-zero one, and how many were live.
  bool Reducing = false;
  uint64_t ReducedCount = 0, ReducedLive = 0;
  boost::context::fiber Main;      ///< The worker, while one of the block's fibers runs.
  std::exception_ptr FirstError;
  // Per thread, by linear index (fibered blocks only):
  std::vector<ThreadState> State;
  std::vector<uint32_t> WarpMask;  ///< The lanes an AtWarp thread waits for.
  std::vector<uint64_t> Published; ///< The value its warp operation shares.
  std::vector<uint64_t> Snapshot;  ///< Published, as its warp was freed.
  /// Per warp: its live lanes when its last warp operation met, and when
  /// the current round began (a lane that returns during a round ran
  /// alongside the others, as converged lanes do on a GPU).
  std::vector<uint32_t> LiveAtMeeting, LiveAtRound;

  /// Ready for a block of \p N threads; the vectors keep their capacity, so
  /// a worker allocates them once.
  void reset(uint64_t N, bool WithFibers) {
    Fibered = WithFibers;
    MisusedBarrier = false;
    GridSyncPending = MisusedGridSync = false;
    BoundsError.clear();
    NoneError.clear();
    ByThread = false;
    Threads = N;
    Current = 0;
    AtBlock = AtWarp = Done = DoneAtRound = 0;
    MarkedAtBlock = Reducing = false;
    ReducedCount = ReducedLive = 0;
    FirstError = nullptr;
    if (!WithFibers)
      return;
    uint64_t Warps = (N + WarpSize - 1) / WarpSize;
    State.assign(N, ThreadState::Ready);
    WarpMask.assign(N, 0);
    Published.assign(N, 0);
    Snapshot.assign(N, 0);
    LiveAtMeeting.assign(Warps, 0);
    LiveAtRound.assign(Warps, 0);
  }
};

inline BlockScheduler *schedulerOf(pykc_cpu_context *Ctx) {
  return static_cast<BlockScheduler *>(Ctx ? Ctx->scheduler : nullptr);
}

} // namespace pykc::runtime

#endif // PYKC_RUNTIME_BLOCKSCHEDULER_H
