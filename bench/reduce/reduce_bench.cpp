// bench/reduce: the documents' sum_reduce (pykc -c, the typed header's
// reductions::sum_reduce on a device array, result copied back) against
// CUB's DeviceReduce::Sum (nvcc -O3, cub_sum.cu) on the same float32 array
// in the same process, for 2^12 .. 2^30 elements. Prints CSV:
//   n,pykc_ms,cub_ms,pykc_gbs,cub_gbs,cub_over_pykc,pykc_result,cub_result,exact
// Values are multiples of 1/4 whose running sums stay exact in float32 for
// every order of the additions, so both results must be exact (5.25). Both
// are timed the same way: host wall clock around a call that returns the
// result to the host.
#include "reductions.h"

#include <pykc/Runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <vector>

extern "C" double cub_sum_median_ms(const float *In, int64_t N, int Reps, float *Host);

int main(int argc, char **argv) {
  int MaxLog = argc > 1 ? std::atoi(argv[1]) : 30;
  pykc::select_device(0);
  std::fprintf(stderr, "device: %s\n", pykc::current_device().Name.c_str());
  int64_t MaxN = int64_t(1) << MaxLog;
  std::vector<float> Host(static_cast<size_t>(MaxN));
  // A repeating pattern whose every prefix sum is small: 1/4, -1/4, 2/4, -2/4, ...
  for (int64_t I = 0; I < MaxN; ++I)
    Host[size_t(I)] = float((I % 8) / 2 + 1) / 4.0f * (I % 2 ? -1.0f : 1.0f);
  Host[0] += 5.0f; // every prefix of 8k values then sums to 5.25
  auto D = pykc::to_device(Host);
  std::printf("n,pykc_ms,cub_ms,pykc_gbs,cub_gbs,cub_over_pykc,pykc_result,cub_result,exact\n");
  for (int Log = 12; Log <= MaxLog; Log += 2) {
    int64_t N = int64_t(1) << Log;
    double Exact = 0;
    for (int64_t I = 0; I < N; ++I)
      Exact += Host[size_t(I)];
    int Reps = Log <= 20 ? 200 : Log <= 26 ? 50 : 15;
    pykc::ReduceOptions<float> O;
    O.size = N;
    float PykcResult = reductions::sum_reduce(D, O); // warm-up: load, scratch
    std::vector<double> Times;
    for (int R = 0; R < Reps; ++R) {
      auto T0 = std::chrono::steady_clock::now();
      PykcResult = reductions::sum_reduce(D, O);
      Times.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - T0).count());
    }
    std::sort(Times.begin(), Times.end());
    double PykcMs = Times[Times.size() / 2];
    float CubResult = 0;
    double CubMs = cub_sum_median_ms(D.data(), N, Reps, &CubResult);
    double Bytes = double(N) * 4;
    std::printf("%lld,%.5f,%.5f,%.1f,%.1f,%.3f,%.9g,%.9g,%.9g\n", (long long)N, PykcMs, CubMs,
                Bytes / PykcMs / 1e6, Bytes / CubMs / 1e6, CubMs / PykcMs, PykcResult, CubResult,
                Exact);
    std::fflush(stdout);
  }
  return 0;
}
