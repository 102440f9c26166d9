//===- examples/stream_reduce.cpp - Document 001's reductions past the device =//
//
// 001_9b0f4a0e575d1f42.txt ends its reduction chapter with sum_reduce on
// 2 x 10^9 float32 values (8 GB), more than its GPU holds: Numba fails. This
// program runs the document's experiment (reductions.py's sum_reduce on the
// sizes of examples/reductions.cpp, 2^12 .. 2^24) and goes on past the
// device's memory: 2^27, 2^30 and 2 x 10^9 values, as far as this machine's
// available host memory holds the array (it says where it stops and why).
// For each size it times
//   - sum_reduce on the host array: streamed through the device in chunks,
//     copying one while the one before is reduced (pykc/StreamReduce.h);
//   - copy-then-reduce: the whole array copied to a device array, then
//     reduced there, when the device has room for it ("-" otherwise);
//   - the transfer limit: the same bytes copied from one pinned buffer to
//     the device, in 64 MiB pieces, and nothing else (the link's speed);
//   - a plain multi-threaded C++ loop over the same values, the anchor
//     (examples/stream_reduce_numpy.py times NumPy's sum on the same sizes);
// and prints each time with its rate in GB/s of float32 values read.
//
// On the CPU device, PYKC_DEVICE_MEMORY=64M plays a small GPU, so the sizes
// past 64 MiB stream and copy-then-reduce does not fit. The values repeat
// 1/4, -1/2, 3/4, -1/2 (which sum to 0), plus 1 on every 4096th: any run of
// them, and any strided selection a block or thread may sum, stays far below
// 2^24 quarters, so every float32 partial sum is exact and every sum must
// equal the exact one, while losing one 64 MiB chunk still moves the sum by
// 4096. (Values whose runs grow with n, as an earlier version had, make a
// float32 accumulator stall once it passes 2^24: that is rounding, not a
// wrong reduction, and would hide one.)
//
// Usage: pykc-example-stream_reduce [MAX_N]  (default 2000000000)
//
//===----------------------------------------------------------------------===//
#include "reductions.h"

#include "common/anchors.h"
#include "common/banner.h"

#include <pykc/Runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

namespace {

/// The host's available memory in bytes (MemAvailable), 0 if unknown.
uint64_t availableHostMemory() {
  std::ifstream In("/proc/meminfo");
  std::string Key, Unit;
  uint64_t Kib = 0;
  while (In >> Key >> Kib >> Unit)
    if (Key == "MemAvailable:")
      return Kib * 1024;
  return 0;
}

double gbps(size_t N, double Ms) { return double(N) * sizeof(float) / (Ms * 1e6); }

/// Milliseconds to copy N floats to the device from a pinned buffer, in
/// pieces of at most 64 MiB into one device buffer: the transfer limit.
/// Negative when the device has no room for a piece.
double pinnedCopyMs(uint64_t N, int Reps) {
  uint64_t Piece = std::min<uint64_t>(N, uint64_t(16) << 20);
  if (Piece * sizeof(float) >= pykc::get_memory_info().Free)
    return -1;
  int Dev = pykc::currentDeviceId();
  pykc::PinnedBuffer<float> Pinned(Piece);
  std::fill(Pinned.begin(), Pinned.end(), 1.0f);
  pykc::DeviceArray<float, 1> D({int64_t(Piece)});
  return medianMs(Reps, [&] {
    for (uint64_t Done = 0; Done < N; Done += Piece)
      pykc::copyHostToDevice(Dev, D.data(), Pinned.data(),
                             std::min(Piece, N - Done) * sizeof(float));
    pykc::synchronize();
  });
}

} // namespace

int main(int argc, char **argv) {
  uint64_t MaxN = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 2000000000ull;
  if (MaxN < 4096) {
    std::fprintf(stderr, "usage: pykc-example-stream_reduce [MAX_N >= 4096]\n");
    return 2;
  }
  try {
    std::printf("%s\n", examples::device_banner().c_str());
    pykc::MemoryInfo Mem = pykc::get_memory_info();
    std::printf("device memory: %llu bytes free of %llu (%.1f MiB of %.1f MiB)\n",
                (unsigned long long)Mem.Free, (unsigned long long)Mem.Total,
                double(Mem.Free) / (1 << 20), double(Mem.Total) / (1 << 20));

    std::vector<uint64_t> Sizes;
    for (int Log = 12; Log <= 30; Log += 3)
      Sizes.push_back(uint64_t(1) << Log);
    Sizes.push_back(2000000000ull);
    uint64_t Host = availableHostMemory();
    std::printf("%11s %10s %10s %8s %10s %8s %10s %8s %10s %8s %12s %14s\n", "n", "MiB",
                "stream ms", "GB/s", "copy+red ms", "GB/s", "pinned ms", "GB/s", "C++ ms", "GB/s",
                "chunks x buf", "sum");
    bool AllExact = true;
    for (uint64_t N : Sizes) {
      if (N > MaxN)
        break;
      // The values, and room to spare for the copy-then-reduce device array
      // on the CPU device (host memory too).
      uint64_t Need = N * sizeof(float) * 5 / 4;
      if (Host && Need > Host) {
        std::printf("%llu float32 values (%.1f GB) do not fit in the %.1f GB of host memory "
                    "available: stopping at the largest that fits\n",
                    (unsigned long long)N, double(N) * 4 / 1e9, double(Host) / 1e9);
        break;
      }
      std::unique_ptr<float[]> Values(new float[N]);
      double Exact = 0; // exact in double too: quarters far below 2^53
      for (uint64_t I = 0; I < N; ++I) {
        static constexpr float Pattern[4] = {0.25f, -0.5f, 0.75f, -0.5f};
        Values[I] = Pattern[I % 4] + (I % 4096 == 0 ? 1.0f : 0.0f);
        Exact += Values[I];
      }
      int Reps = N <= (uint64_t(1) << 21) ? 9 : N <= (uint64_t(1) << 27) ? 3 : 1;
      std::span<const float> Span(Values.get(), N);

      float Streamed = 0;
      pykc::StreamReport Report;
      double StreamMs = medianMs(Reps, [&] {
        Streamed =
            reductions::sum_reduce(Span, {}, pykc::StreamLimits::forCurrentDevice(), &Report);
      });
      AllExact &= Streamed == Exact;

      char CopyText[32] = "-", CopyRate[32] = "-";
      if (N * sizeof(float) < pykc::get_memory_info().Free) {
        float Copied = 0;
        try {
          double CopyMs = medianMs(Reps, [&] {
            pykc::DeviceArray<float, 1> D({int64_t(N)});
            D.copy_to_device(Values.get());
            Copied = reductions::sum_reduce(D);
          });
          AllExact &= Copied == Exact;
          std::snprintf(CopyText, sizeof CopyText, "%.3f", CopyMs);
          std::snprintf(CopyRate, sizeof CopyRate, "%.2f", gbps(N, CopyMs));
        } catch (const pykc::Error &E) {
          if (E.code() != pykc::ErrorCode::OutOfMemory)
            throw;
        }
      }
      double PinnedMs = pinnedCopyMs(N, Reps);
      char PinnedText[32] = "-", PinnedRate[32] = "-";
      if (PinnedMs >= 0) {
        std::snprintf(PinnedText, sizeof PinnedText, "%.3f", PinnedMs);
        std::snprintf(PinnedRate, sizeof PinnedRate, "%.2f", gbps(N, PinnedMs));
      }
      double Cxx = 0;
      double CxxMs = medianMs(Reps, [&] { Cxx = threadedSum<double>(Values.get(), N); });
      AllExact &= Cxx == Exact;
      char Plan[32];
      std::snprintf(Plan, sizeof Plan, "%llu x %u", (unsigned long long)Report.Plan.Chunks,
                    Report.Plan.Buffers);
      std::printf("%11llu %10.1f %10.3f %8.2f %10s %8s %10s %8s %10.3f %8.2f %12s %14.2f\n",
                  (unsigned long long)N, double(N) * 4 / (1 << 20), StreamMs, gbps(N, StreamMs),
                  CopyText, CopyRate, PinnedText, PinnedRate, CxxMs, gbps(N, CxxMs), Plan,
                  double(Streamed));
    }
    std::printf("every sum equals the exact sum: %s\n", AllExact ? "PASS" : "FAIL");
    return AllExact ? 0 : 1;
  } catch (const std::exception &E) {
    std::fprintf(stderr, "error: %s\n", E.what());
    return 1;
  }
}
