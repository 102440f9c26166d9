//===- pykc/Random.h - numba.cuda.random's generator states -----*- C++ -*-===//
//
// Kernels that draw random numbers with numba.cuda.random
// (xoroshiro128p_uniform_float32(states, i), ...) take an array of
// generator states, one per thread. These make that array as Numba's
// create_xoroshiro128p_states does, state for state: the first from the
// seed (SplitMix64), each next one 2**64 steps further along the sequence,
// so threads draw independent streams and the same seed gives the same
// numbers as Numba.
//
//   auto states = pykc::random::create_xoroshiro128p_states(n, /*seed=*/1);
//   kernels::monte_carlo[{blocks, threads}](states, out);
//
//===----------------------------------------------------------------------===//
#ifndef PYKC_RANDOM_H
#define PYKC_RANDOM_H

#include "pykc/DeviceArray.h"

#include <cstdint>
#include <span>

namespace pykc {
class Stream;
} // namespace pykc

namespace pykc::random {

/// One generator's state: Numba's xoroshiro128p_dtype, a record of two
/// uint64 fields s0 and s1 (16 bytes).
struct xoroshiro128p_state {
  uint64_t s0;
  uint64_t s1;
  static constexpr bool pykc_record_dtype = true; ///< A record dtype (DType).
};
static_assert(sizeof(xoroshiro128p_state) == 16);

/// Fills \p States as Numba's init_xoroshiro128p_states does: state 0 from
/// \p Seed advanced by \p SubsequenceStart jumps of 2**64 steps, state i
/// one jump after state i - 1.
void init_xoroshiro128p_states(std::span<xoroshiro128p_state> States, uint64_t Seed,
                               uint64_t SubsequenceStart = 0);

/// A new array of \p N states on the current device (or \p S's), as Numba's
/// create_xoroshiro128p_states(n, seed, subsequence_start, stream).
DeviceArray<xoroshiro128p_state, 1> create_xoroshiro128p_states(int64_t N, uint64_t Seed,
                                                                uint64_t SubsequenceStart = 0,
                                                                Stream *S = nullptr);

} // namespace pykc::random

#endif // PYKC_RANDOM_H
