//===- Random.cpp - numba.cuda.random's generator states ------------------===//
//
// xoroshiro128+ advanced as ir/RandomHelpers.cpp's kernels advance it, and
// seeded with SplitMix64, so that the host makes exactly the states Numba
// makes.
//
//===----------------------------------------------------------------------===//
#include "pykc/Random.h"

#include "pykc/Error.h"
#include "pykc/Stream.h"

#include <vector>

namespace pykc::random {

namespace {

uint64_t rotl(uint64_t X, unsigned K) { return (X << K) | (X >> (64 - K)); }

void next(xoroshiro128p_state &S) {
  uint64_t S0 = S.s0, S1 = S.s1 ^ S.s0;
  S.s0 = rotl(S0, 55) ^ S1 ^ (S1 << 14);
  S.s1 = rotl(S1, 36);
}

/// 2**64 steps at once: the xor of the states at the jump polynomial's bits.
void jump(xoroshiro128p_state &S) {
  static constexpr uint64_t Jump[2] = {0xbeac0467eba5facbULL, 0xd86b048b86aa9922ULL};
  uint64_t S0 = 0, S1 = 0;
  for (uint64_t Word : Jump)
    for (unsigned Bit = 0; Bit < 64; ++Bit) {
      if (Word & (uint64_t(1) << Bit)) {
        S0 ^= S.s0;
        S1 ^= S.s1;
      }
      next(S);
    }
  S.s0 = S0;
  S.s1 = S1;
}

xoroshiro128p_state seeded(uint64_t Seed) {
  uint64_t Z = Seed + 0x9E3779B97F4A7C15ULL;
  Z = (Z ^ (Z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  Z = (Z ^ (Z >> 27)) * 0x94D049BB133111EBULL;
  Z ^= Z >> 31;
  return {Z, Z};
}

} // namespace

void init_xoroshiro128p_states(std::span<xoroshiro128p_state> States, uint64_t Seed,
                               uint64_t SubsequenceStart) {
  if (States.empty())
    return;
  States[0] = seeded(Seed);
  for (uint64_t K = 0; K < SubsequenceStart; ++K)
    jump(States[0]);
  for (size_t I = 1; I < States.size(); ++I) {
    States[I] = States[I - 1];
    jump(States[I]);
  }
}

DeviceArray<xoroshiro128p_state, 1> create_xoroshiro128p_states(int64_t N, uint64_t Seed,
                                                                uint64_t SubsequenceStart,
                                                                Stream *S) {
  if (N < 0)
    throw Error(ErrorCode::InvalidValue,
                "create_xoroshiro128p_states: n is " + std::to_string(N) + ", which is negative");
  std::vector<xoroshiro128p_state> Host(static_cast<size_t>(N));
  init_xoroshiro128p_states(Host, Seed, SubsequenceStart);
  DeviceArray<xoroshiro128p_state, 1> States({N}, Order::C, S ? S->device() : -1);
  States.copy_to_device(Host.data(), S);
  if (S)
    S->synchronize(); // Host is freed on return
  return States;
}

} // namespace pykc::random
