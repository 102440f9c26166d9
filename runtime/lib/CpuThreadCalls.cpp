//===- CpuThreadCalls.cpp - What CPU kernels call to meet and report -----===//
//
// The runtime functions (CpuABI.h) a CPU-backend kernel's threads call:
// block barriers, warp operations and grid syncs, which wait through the
// block's scheduler (BlockScheduler.h), and the out-of-range index and
// None errors, recorded for the launcher to report after the block.
//
//===----------------------------------------------------------------------===//
#include "BlockScheduler.h"
#include "BoundsRecord.h"

#include <string>
#include <utility>

using namespace pykc;
using namespace pykc::runtime;

namespace {

/// The calling thread's lane as a mask bit, from its index in the block
/// (for threads run one at a time, each alone in its warp).
uint32_t ownLaneBit(const pykc_cpu_context *Ctx) {
  uint64_t Linear = (uint64_t(Ctx->thread_idx[2]) * Ctx->block_dim[1] + Ctx->thread_idx[1]) *
                        Ctx->block_dim[0] + Ctx->thread_idx[0];
  return 1u << (Linear % WarpSize);
}

/// Whether the calling thread has others to wait for; when it has but its
/// block runs without fibers (the kernel image said it never waits), the
/// misuse is recorded for the launcher to report after the block
/// (throwing here would unwind through kernel frames).
bool mustWait(BlockScheduler *S) {
  if (!S || S->Threads <= 1)
    return false; // a lone thread has nobody to wait for
  if (!S->Fibered) {
    S->MisusedBarrier = true;
    return false;
  }
  return true;
}

/// Publishes \p Value and waits until the live lanes of \p Mask in the
/// caller's warp are at a warp operation too. Returns the caller's linear
/// thread index.
uint64_t meetWarp(BlockScheduler &S, uint32_t Mask, uint64_t Value) {
  uint64_t T = S.Current;
  if (S.Check && !(Mask >> (T % WarpSize) & 1))
    S.Check->warpMask(T, Mask, 0, Mask, ~uint64_t(0));
  S.Published[T] = Value;
  S.WarpMask[T] = Mask | 1u << (T % WarpSize); // a lane always waits for itself
  S.State[T] = ThreadState::AtWarp;
  ++S.AtWarp;
  S.Main = std::move(S.Main).resume();
  return T;
}

} // namespace

extern "C" __attribute__((visibility("default"))) void
pykc_cpu_bounds_error(pykc_cpu_context *Ctx, const char *Where, uint32_t Axis, int64_t Index,
                      int64_t Extent, uint32_t Tx, uint32_t Ty, uint32_t Tz, uint32_t Bx,
                      uint32_t By, uint32_t Bz) {
  // Recorded, not thrown: an exception must not unwind through kernel
  // frames. The launcher reports it after the block.
  BlockScheduler *S = schedulerOf(Ctx);
  // The lowest thread's error is kept, in the order blocks and threads are
  // numbered: the same whether a block ran at a time or a grid row's
  // threads ran as one loop (codegen/CPUGridFusion.h).
  uint64_t Key = threadKey(*Ctx, {Tx, Ty, Tz}, {Bx, By, Bz});
  if (S && S->Check) {
    const char *Array = std::exchange(S->BoundsArray, nullptr);
    checkThreadError(CheckKind::Memcheck, Where, Key, [&] {
      return std::string(Where) + ": error: index " + std::to_string(Index) +
             " is out of bounds for axis " + std::to_string(Axis) + " of " +
             (Array ? Array : "the array") + " (size " + std::to_string(Extent) +
             ") in thread (" + std::to_string(Tx) + ", " + std::to_string(Ty) + ", " +
             std::to_string(Tz) + ") of block (" + std::to_string(Bx) + ", " +
             std::to_string(By) + ", " + std::to_string(Bz) +
             "); that access was not made [Memcheck]\n";
    });
    return;
  }
  if (!S || (!S->BoundsError.empty() && (!S->ByThread || Key >= S->BoundsKey)))
    return;
  S->BoundsKey = Key;
  S->BoundsError = "at " + std::string(Where) + ": " + outOfBounds(Index, Axis, Extent) +
                   " in thread (" + std::to_string(Tx) + ", " +
                   std::to_string(Ty) + ", " + std::to_string(Tz) + ") of block (" +
                   std::to_string(Bx) + ", " + std::to_string(By) + ", " + std::to_string(Bz) +
                   ")";
}

extern "C" __attribute__((visibility("default"))) void
pykc_cpu_none_error(pykc_cpu_context *Ctx, const char *Where, const char *Expected, uint32_t Tx,
                    uint32_t Ty, uint32_t Tz, uint32_t Bx, uint32_t By, uint32_t Bz) {
  // As pykc_cpu_bounds_error: recorded, reported by the launcher.
  BlockScheduler *S = schedulerOf(Ctx);
  uint64_t Key = threadKey(*Ctx, {Tx, Ty, Tz}, {Bx, By, Bz});
  if (!S || (!S->NoneError.empty() && (!S->ByThread || Key >= S->NoneKey)))
    return;
  S->NoneKey = Key;
  S->NoneError = "at " + std::string(Where) + ": TypeError: expected " + Expected +
                 ", got None in thread (" + std::to_string(Tx) + ", " + std::to_string(Ty) +
                 ", " + std::to_string(Tz) + ") of block (" + std::to_string(Bx) + ", " +
                 std::to_string(By) + ", " + std::to_string(Bz) + ")";
}

extern "C" __attribute__((visibility("default"))) void
pykc_cpu_barrier(pykc_cpu_context *Ctx) {
  BlockScheduler *S = schedulerOf(Ctx);
  if (!mustWait(S))
    return;
  ++S->AtBlock; // stays Ready; see ThreadState
  S->Main = std::move(S->Main).resume();
}

extern "C" __attribute__((visibility("default"))) void
pykc_cpu_grid_sync(pykc_cpu_context *Ctx) {
  BlockScheduler *S = schedulerOf(Ctx);
  if (!S)
    return;
  bool OneBlock = uint64_t(Ctx->grid_dim[0]) * Ctx->grid_dim[1] * Ctx->grid_dim[2] == 1;
  if (!S->Grid) {
    // A one-block grid needs no other block; a larger one not launched
    // cooperatively cannot meet (the launcher reports it).
    S->MisusedGridSync |= !OneBlock;
    return pykc_cpu_barrier(Ctx);
  }
  if (!S->Fibered || S->Threads <= 1)
    return S->Grid->arriveAndWait(); // the block's only thread
  S->GridSyncPending = true;
  pykc_cpu_barrier(Ctx); // the scheduler meets the other blocks once all are here
}

extern "C" __attribute__((visibility("default"))) void
pykc_cpu_warp_sync(pykc_cpu_context *Ctx, uint32_t Mask) {
  BlockScheduler *S = schedulerOf(Ctx);
  if (mustWait(S))
    meetWarp(*S, Mask, 0);
}

extern "C" __attribute__((visibility("default"))) uint64_t
pykc_cpu_warp_shuffle(pykc_cpu_context *Ctx, uint32_t Mask, uint64_t Value, uint32_t SrcLane) {
  BlockScheduler *S = schedulerOf(Ctx);
  if (!mustWait(S))
    return Value; // no other lane exists (or the misuse is reported)
  uint64_t T = meetWarp(*S, Mask, Value);
  uint64_t Src = T / WarpSize * WarpSize + SrcLane;
  // A lane outside the block has no value: the caller keeps its own.
  return SrcLane < WarpSize && Src < S->Threads ? S->Snapshot[Src] : Value;
}

extern "C" __attribute__((visibility("default"))) uint64_t
pykc_cpu_warp_ballot(pykc_cpu_context *Ctx, uint32_t Mask, int32_t Predicate) {
  BlockScheduler *S = schedulerOf(Ctx);
  if (!mustWait(S)) {
    // Alone in its warp (a one-thread block, or threads run in turn).
    uint64_t Own = ownLaneBit(Ctx);
    return Own << 32 | (Predicate ? Own : 0);
  }
  uint64_t T = meetWarp(*S, Mask, Predicate != 0);
  uint64_t Warp = T / WarpSize, First = Warp * WarpSize;
  uint32_t Lanes = S->WarpMask[T] & S->LiveAtMeeting[Warp], Ballot = 0;
  for (uint64_t L = 0; L < WarpSize; ++L)
    if ((Lanes >> L & 1) && S->Snapshot[First + L])
      Ballot |= 1u << L;
  return uint64_t(Lanes) << 32 | Ballot;
}

extern "C" __attribute__((visibility("default"))) uint64_t
pykc_cpu_warp_match(pykc_cpu_context *Ctx, uint32_t Mask, uint64_t Value) {
  BlockScheduler *S = schedulerOf(Ctx);
  if (!mustWait(S)) {
    uint64_t Own = ownLaneBit(Ctx); // alone in its warp: it matches itself
    return Own << 32 | Own;
  }
  uint64_t T = meetWarp(*S, Mask, Value);
  uint64_t Warp = T / WarpSize, First = Warp * WarpSize;
  uint32_t Lanes = S->WarpMask[T] & S->LiveAtMeeting[Warp], Same = 0;
  for (uint64_t L = 0; L < WarpSize; ++L)
    if ((Lanes >> L & 1) && S->Snapshot[First + L] == S->Snapshot[T])
      Same |= 1u << L;
  return uint64_t(Lanes) << 32 | Same;
}

extern "C" __attribute__((visibility("default"))) int32_t
pykc_cpu_barrier_reduce(pykc_cpu_context *Ctx, int32_t Op, int32_t Predicate) {
  BlockScheduler *S = schedulerOf(Ctx);
  uint64_t Count = Predicate != 0, Live = 1;
  if (mustWait(S)) {
    S->Published[S->Current] = Predicate != 0;
    S->Reducing = true;
    pykc_cpu_barrier(Ctx);
    Count = S->ReducedCount;
    Live = S->ReducedLive;
  }
  switch (Op) {
  case PYKC_CPU_REDUCE_COUNT:
    return int32_t(Count);
  case PYKC_CPU_REDUCE_AND:
    return Count == Live;
  default:
    return Count != 0;
  }
}

extern "C" __attribute__((visibility("default"))) uint32_t
pykc_cpu_warp_active(pykc_cpu_context *Ctx) {
  BlockScheduler *S = schedulerOf(Ctx);
  if (!S || !S->Fibered)
    return ownLaneBit(Ctx); // one thread at a time: each is alone in its warp
  if (S->DoneAtRound == 0) { // every lane of the warp is live
    uint64_t First = S->Current / WarpSize * WarpSize;
    uint64_t Lanes = std::min<uint64_t>(WarpSize, S->Threads - First);
    return Lanes == WarpSize ? ~0u : (1u << Lanes) - 1;
  }
  return S->LiveAtRound[S->Current / WarpSize];
}
