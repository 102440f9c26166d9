//===- CheckCalls.cpp - What --check kernels call to be checked ----------===//
//
// The runtime functions (CpuABI.h) a kernel compiled for --check calls:
// each access, local array, fence and barrier site goes to the checker of
// the block running it (BlockScheduler.h, CheckState.h), with the thread
// from the caller's context; a fissioned block's start and rounds; and the
// question a fast blocks entry asks before it runs (codegen/CPUCheckFast.h).
//
//===----------------------------------------------------------------------===//
#include "BlockScheduler.h"
#include "GlobalCheck.h"

#include <algorithm>
#include <string>
#include <utility>

using namespace pykc;
using namespace pykc::runtime;

namespace {

/// The calling thread's linear index in its block. (Fibers and threads run
/// in turn each have their context; a fissioned block sets thread_idx as
/// each thread's turn comes.)
uint64_t linearThread(const pykc_cpu_context *Ctx) {
  return (uint64_t(Ctx->thread_idx[2]) * Ctx->block_dim[1] + Ctx->thread_idx[1]) *
             Ctx->block_dim[0] + Ctx->thread_idx[0];
}

} // namespace

extern "C" __attribute__((visibility("default"))) void
pykc_check_access(pykc_cpu_context *Ctx, const void *Ptr, uint32_t Bytes, uint32_t Flags,
                  const char *Where, const char *Array, int64_t I0, int64_t I1, int64_t I2) {
  BlockScheduler *S = schedulerOf(Ctx);
  if (!S || !S->Check)
    return;
  const int64_t Idx[3] = {I0, I1, I2};
  S->Check->access(linearThread(Ctx), *Ctx, Ptr, Bytes, Flags, Where, Array, Idx);
}

extern "C" __attribute__((visibility("default"))) void
pykc_check_local(pykc_cpu_context *Ctx, const void *Ptr, uint64_t Bytes) {
  BlockScheduler *S = schedulerOf(Ctx);
  if (S && S->Check)
    S->Check->local(linearThread(Ctx), Ptr, Bytes);
}

extern "C" __attribute__((visibility("default"))) void
pykc_check_block_begin(pykc_cpu_context *Ctx) {
  BlockScheduler *S = schedulerOf(Ctx);
  if (S && S->Check)
    S->Check->begin(*Ctx, S->CheckStaticShared, S->Threads);
}

extern "C" __attribute__((visibility("default"))) void
pykc_check_round(pykc_cpu_context *Ctx, const uint32_t *States) {
  BlockScheduler *S = schedulerOf(Ctx);
  if (!S || !S->Check)
    return;
  S->Live.resize(S->Threads);
  for (uint64_t T = 0; T < S->Threads; ++T)
    S->Live[T] = States[T] != ~0u;
  S->Check->barrierOpened(S->Live);
}

namespace {

/// The bytes an array argument's elements span (empty when it has none),
/// and whether no two of its elements share a byte.
struct ArraySpan {
  uintptr_t Lo = 0, Hi = 0;
  bool Distinct = true;
};

ArraySpan arraySpan(void **Args, uint64_t Slot, uint64_t NDim, uint64_t Item) {
  const char *Data = *static_cast<char *const *>(Args[Slot]);
  int64_t Shape[3], Stride[3];
  for (uint64_t D = 0; D < NDim; ++D) {
    Shape[D] = *static_cast<const int64_t *>(Args[Slot + 1 + D]);
    Stride[D] = *static_cast<const int64_t *>(Args[Slot + 1 + NDim + D]);
    if (Shape[D] <= 0)
      return {};
  }
  int64_t Low = 0, High = 0;
  for (uint64_t D = 0; D < NDim; ++D)
    (Stride[D] < 0 ? Low : High) += Stride[D] * (Shape[D] - 1);
  ArraySpan A{uintptr_t(Data + Low), uintptr_t(Data + High) + Item, true};
  // Axes by their stride's size: each must step past everything the
  // smaller ones span.
  uint64_t Order[3] = {0, 1, 2};
  auto Abs = [&](uint64_t D) { return uint64_t(Stride[D] < 0 ? -Stride[D] : Stride[D]); };
  std::sort(Order, Order + NDim, [&](uint64_t X, uint64_t Y) { return Abs(X) < Abs(Y); });
  uint64_t Span = Item;
  for (uint64_t K = 0; K < NDim; ++K) {
    uint64_t D = Order[K];
    if (Shape[D] == 1)
      continue;
    if (Abs(D) < Span)
      A.Distinct = false;
    Span += Abs(D) * uint64_t(Shape[D] - 1);
  }
  return A;
}

} // namespace

extern "C" __attribute__((visibility("default"))) uint8_t
pykc_check_fast_launch(void **Args, pykc_cpu_context *Ctx, const int64_t *Arrays) {
  BlockScheduler *S = schedulerOf(Ctx);
  if (!S || !S->Check)
    return 0;
  S->FastRefused = true;
  // The written arrays are indexed by cuda.grid(N): one element a thread
  // only when the launch has no more dimensions.
  uint64_t N = uint64_t(Arrays[0]), Count = uint64_t(Arrays[1]);
  for (uint64_t D = N ? N : 3; D < 3; ++D)
    if (Ctx->block_dim[D] != 1 || Ctx->grid_dim[D] != 1)
      return 0;
  ArraySpan Spans[64];
  if (Count > 64)
    return 0;
  for (uint64_t I = 0; I < Count; ++I) {
    const int64_t *A = Arrays + 2 + 4 * I;
    Spans[I] = arraySpan(Args, uint64_t(A[0]), uint64_t(A[1]), uint64_t(A[2]));
    if (Spans[I].Lo == Spans[I].Hi)
      continue;
    if (A[3] && !Spans[I].Distinct)
      return 0;
    // initcheck: some element may be device memory nothing wrote.
    if (initTrackingOn() && readsUnwritten(reinterpret_cast<const void *>(Spans[I].Lo),
                                           Spans[I].Hi - Spans[I].Lo))
      return 0;
  }
  // racecheck: a written array must share no byte with another.
  for (uint64_t I = 0; I < Count; ++I)
    for (uint64_t J = 0; J < Count; ++J)
      if (I != J && Arrays[2 + 4 * I + 3] && Spans[I].Lo < Spans[J].Hi &&
          Spans[J].Lo < Spans[I].Hi)
        return 0;
  S->FastRefused = false;
  return 1;
}

extern "C" __attribute__((visibility("default"))) void
pykc_check_bounds_array(pykc_cpu_context *Ctx, const char *Array) {
  BlockScheduler *S = schedulerOf(Ctx);
  if (S && S->Check)
    S->BoundsArray = Array;
}

extern "C" __attribute__((visibility("default"))) void
pykc_check_fence(pykc_cpu_context *Ctx) {
  BlockScheduler *S = schedulerOf(Ctx);
  if (S && S->Check)
    S->Check->fence(linearThread(Ctx));
}

extern "C" __attribute__((visibility("default"))) void
pykc_check_site(pykc_cpu_context *Ctx, const char *Where) {
  BlockScheduler *S = schedulerOf(Ctx);
  if (S && S->Check)
    S->Check->site(linearThread(Ctx), Where);
}
