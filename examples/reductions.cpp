//===- examples/reductions.cpp - Document 001's reductions ----------------===//
//
// 001_9b0f4a0e575d1f42.txt asks "why bother using a GPU?" by reducing
// growing float32 arrays with @cuda.reduce (sum_reduce, and cuda_reduce for
// an absolute sum) against a parallel CPU loop (its numba_reduce). This
// program does the same with the unchanged reductions.py compiled by pykc:
// for each size it times sum_reduce on a device array and on host values
// (copied first), cuda_reduce on the device array, and a multi-threaded C++
// loop summing the same values, and prints one table row.
//
// The values are multiples of 1/4 whose sums are exact in float32 in any
// order, so sum_reduce's result must equal the exact sum. cuda_reduce
// (a - b for negative b) does not associate or commute (pykc warns when it
// compiles it): its result depends on the order values are combined in,
// like Numba's, and is shown beside the true absolute sum.
//
// Usage: pykc-example-reductions [MAX_LOG2]  (sizes 2^12 .. 2^MAX_LOG2,
// step 2^3; default 24)
//
//===----------------------------------------------------------------------===//
#include "reductions.h"

#include "common/anchors.h"
#include "common/banner.h"

#include <pykc/Runtime.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char **argv) {
  int MaxLog = argc > 1 ? std::atoi(argv[1]) : 24;
  if (MaxLog < 12 || MaxLog > 30) {
    std::fprintf(stderr, "usage: pykc-example-reductions [MAX_LOG2 in 12..30]\n");
    return 2;
  }
  try {
    std::printf("%s\n", examples::device_banner().c_str());
    size_t MaxN = size_t(1) << MaxLog;
    std::vector<float> Values(MaxN);
    for (size_t I = 0; I < MaxN; ++I) // 1/4, -1/2, 3/4, -1, ...: small partial sums
      Values[I] = float(int(I % 4) + 1) / 4.0f * (I % 2 ? -1.0f : 1.0f);
    auto Device = pykc::to_device(Values);
    std::printf("%10s %12s %12s %12s %12s %16s %16s\n", "n", "sum dev ms", "sum host ms",
                "abs dev ms", "C++ ms", "sum", "cuda_reduce");
    bool AllExact = true;
    for (int Log = 12; Log <= MaxLog; Log += 3) {
      size_t N = size_t(1) << Log;
      pykc::ReduceOptions<float> O;
      O.size = int64_t(N);
      double Exact = 0, AbsExact = 0;
      for (size_t I = 0; I < N; ++I) {
        Exact += Values[I];
        AbsExact += std::fabs(Values[I]);
      }
      int Reps = Log <= 18 ? 20 : 5;
      float Sum = reductions::sum_reduce(Device, O), HostSum = 0, Abs = 0;
      double DevMs = medianMs(Reps, [&] { Sum = reductions::sum_reduce(Device, O); });
      std::span<const float> Host(Values.data(), N);
      double HostMs = medianMs(Reps, [&] { HostSum = reductions::sum_reduce(Host); });
      double AbsMs = medianMs(Reps, [&] { Abs = reductions::cuda_reduce(Device, O); });
      double CxxSum = 0;
      double CxxMs = medianMs(Reps, [&] { CxxSum = threadedSum<float>(Values.data(), N); });
      AllExact &= Sum == Exact && HostSum == Exact && CxxSum == Exact;
      std::printf("%10zu %12.4f %12.4f %12.4f %12.4f %16.2f %16.2f (abs sum %.2f)\n", N, DevMs,
                  HostMs, AbsMs, CxxMs, double(Sum), double(Abs), AbsExact);
    }
    std::printf("sum_reduce on device and host values equals the exact sum at every size: %s\n",
                AllExact ? "PASS" : "FAIL");
    return AllExact ? 0 : 1;
  } catch (const std::exception &E) {
    std::fprintf(stderr, "error: %s\n", E.what());
    return 1;
  }
}
