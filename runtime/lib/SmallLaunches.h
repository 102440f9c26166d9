//===- SmallLaunches.h - Which launches are too small to share out -*- C++ -*-===//
///
/// \file
/// Handing a launch's blocks to the pool's other threads costs a few
/// microseconds of waking and joining them (more on a virtual machine): on
/// the 2-core VM a 4096-element increment took 1.5 us on both cores against
/// 0.25 us on one. So a kernel whose launches run for less than that runs on
/// the calling thread alone. What a launch costs is learnt from the
/// kernel's earlier launches, per block, and scaled by the blocks of this
/// one; a kernel's first launch, and any whose estimate is large, is shared
/// out. The estimate follows the latest launch, so a kernel whose blocks get
/// heavier (a longer loop) is shared out again from its next launch on.
///
//===----------------------------------------------------------------------===//
#ifndef PYKC_RUNTIME_SMALLLAUNCHES_H
#define PYKC_RUNTIME_SMALLLAUNCHES_H

#include <atomic>
#include <chrono>
#include <cstdint>

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#endif

namespace pykc::runtime {

class SmallLaunches {
public:
  /// Launches estimated to take fewer ticks (now()) than this run on the
  /// caller alone: about what sharing one out costs, some 20 us (the time
  /// stamp counter of x86 runs at 2 to 4 GHz; elsewhere ticks are ns).
#if defined(__x86_64__) || defined(__i386__)
  static constexpr uint64_t AloneBelow = 50000;
#else
  static constexpr uint64_t AloneBelow = 20000;
#endif

  /// Whether a launch of \p Blocks blocks of the kernel \p Key (its entry)
  /// should run on the calling thread alone.
  static bool runAlone(const void *Key, uint64_t Blocks) {
    uint64_t PerBlock = slot(Key).load(std::memory_order_relaxed);
    // 0: not seen yet.
    return PerBlock != 0 && PerBlock * Blocks < AloneBelow * Scale;
  }

  /// Records that a launch of \p Blocks blocks took \p Ticks of one
  /// thread's time (its wall time times the threads that ran it).
  static void record(const void *Key, uint64_t Blocks, uint64_t Ticks) {
    if (Blocks == 0)
      return;
    // Per block, scaled up, at least 1 so that a seen kernel stays seen.
    uint64_t PerBlock = Ticks * Scale / Blocks;
    slot(Key).store(PerBlock ? PerBlock : 1, std::memory_order_relaxed);
  }

  /// A clock for the above: the time stamp counter on x86 (a clock_gettime
  /// costs 20 to 60 ns on a virtual machine, a fifth of a small launch),
  /// else steady_clock's nanoseconds.
  static uint64_t now() {
#if defined(__x86_64__) || defined(__i386__)
    return __rdtsc();
#else
    return uint64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(
                        std::chrono::steady_clock::now().time_since_epoch())
                        .count());
#endif
  }

private:
  /// Per-block costs are kept in thousandths of a tick.
  static constexpr uint64_t Scale = 1000;
  static constexpr unsigned Slots = 256;

  /// A small table by the entry's address; two kernels that share a slot
  /// only share an estimate, which the next launch of either corrects.
  static std::atomic<uint64_t> &slot(const void *Key) {
    static std::atomic<uint64_t> Table[Slots];
    auto Bits = reinterpret_cast<uintptr_t>(Key);
    return Table[(Bits >> 4 ^ Bits >> 12) % Slots];
  }
};

} // namespace pykc::runtime

#endif // PYKC_RUNTIME_SMALLLAUNCHES_H
