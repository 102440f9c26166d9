//===- CpuReduceKernel.h - A reduction's CPU kernel, for tests --*- C++ -*-===//
//
// ir/Reduction.cpp's CPU kernel written by hand with the CpuABI signature, so
// that runtime tests reduce without the compiler: (arr, n, init, use_init,
// partials, ticket, out), arr read through its byte stride as compiled
// kernels read an array of any layout.
//
//===----------------------------------------------------------------------===//
#pragma once

#include "pykc/CpuABI.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>

namespace pykc::test {

/// Element \p I of the 1-d array whose parameters start at slot \p Slot.
template <typename T> T &at(void **Args, unsigned Slot, int64_t I) {
  char *Data = *static_cast<char **>(Args[Slot]);
  return *reinterpret_cast<T *>(Data + I * *static_cast<int64_t *>(Args[Slot + 2]));
}

/// The scalar in slot \p Slot.
template <typename T> T scalar(void **Args, unsigned Slot) {
  T V;
  std::memcpy(&V, Args[Slot], sizeof(T));
  return V;
}

/// The CPU kernel for operator Op: one contiguous run a block; the last
/// block to finish combines the partials in order, then f(total, init) if
/// use_init.
template <typename T, T (*Op)(T, T)> void reduceKernel(void **Args, pykc_cpu_context *Ctx) {
  int64_t N = scalar<int64_t>(Args, 3);
  T Init = scalar<T>(Args, 4);
  int64_t UseInit = scalar<int64_t>(Args, 5);
  int64_t B = Ctx->block_idx[0], Blocks = Ctx->grid_dim[0];
  int64_t Chunk = (N + Blocks - 1) / Blocks, Start = B * Chunk, End = std::min(Start + Chunk, N);
  if (Start < End) {
    T Acc = at<T>(Args, 0, Start);
    for (int64_t J = Start + 1; J < End; ++J)
      Acc = Op(Acc, at<T>(Args, 0, J));
    at<T>(Args, 6, B) = Acc;
  }
  auto &Ticket = reinterpret_cast<std::atomic<uint32_t> &>(at<uint32_t>(Args, 9, 0));
  if (Ticket.fetch_add(1) == uint32_t(Blocks - 1)) {
    int64_t Used = (N + Chunk - 1) / Chunk;
    T Total = at<T>(Args, 6, 0);
    for (int64_t K = 1; K < Used; ++K)
      Total = Op(Total, at<T>(Args, 6, K));
    if (UseInit)
      Total = Op(Total, Init);
    at<T>(Args, 12, 0) = Total;
    Ticket.store(0);
  }
}

template <typename T> T add(T A, T B) { return T(A + B); }
/// Associative but not commutative: the first value in the array's order.
template <typename T> T first(T A, T) { return A; }

} // namespace pykc::test
