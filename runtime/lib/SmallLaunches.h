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

namespace pykc::runtime {

class SmallLaunches {
public:
  /// Launches estimated to take less than this run on the caller alone:
  /// about what sharing one out costs.
  static constexpr uint64_t AloneBelowNanos = 20000;

  /// Whether a launch of \p Blocks blocks of the kernel \p Key (its entry)
  /// should run on the calling thread alone.
  static bool runAlone(const void *Key, uint64_t Blocks) {
    uint64_t PerBlock = slot(Key).load(std::memory_order_relaxed);
    // 0: not seen yet (or no measurement worth keeping).
    return PerBlock != 0 && PerBlock * Blocks < AloneBelowNanos * PicosPerNano;
  }

  /// Records that a launch of \p Blocks blocks took \p Nanos of one
  /// thread's time (its wall time times the threads that ran it).
  static void record(const void *Key, uint64_t Blocks, uint64_t Nanos) {
    if (Blocks == 0)
      return;
    // Picoseconds per block, at least 1 so that a seen kernel stays seen.
    uint64_t PerBlock = Nanos * PicosPerNano / Blocks;
    slot(Key).store(PerBlock ? PerBlock : 1, std::memory_order_relaxed);
  }

  static uint64_t nowNanos() {
    return uint64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(
                        std::chrono::steady_clock::now().time_since_epoch())
                        .count());
  }

private:
  static constexpr uint64_t PicosPerNano = 1000;
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
