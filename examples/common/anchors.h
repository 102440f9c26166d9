//===- examples/common/anchors.h - What the reduction examples time -------===//
//
// medianMs(Reps, Fn): the median of Reps timed calls, in milliseconds.
// threadedSum<Acc>(V, N): the C++ anchor, a plain sum of N floats on every
// hardware thread, each thread's part accumulated in Acc (float as a
// float32 loop adds, double where the sum must stay exact at any size) and
// the parts added in order in double.
//
//===----------------------------------------------------------------------===//
#pragma once

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <thread>
#include <vector>

template <class F> double medianMs(int Reps, F &&Run) {
  std::vector<double> T;
  for (int R = 0; R < Reps; ++R) {
    auto T0 = std::chrono::steady_clock::now();
    Run();
    T.push_back(
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - T0).count());
  }
  std::sort(T.begin(), T.end());
  return T[T.size() / 2];
}

template <class Acc> double threadedSum(const float *V, size_t N) {
  unsigned Threads = std::max(1u, std::thread::hardware_concurrency());
  std::vector<double> Part(Threads, 0.0);
  std::vector<std::thread> Pool;
  for (unsigned T = 0; T < Threads; ++T)
    Pool.emplace_back([&, T] {
      size_t Begin = N * T / Threads, End = N * (T + 1) / Threads;
      Acc S = 0;
      for (size_t I = Begin; I < End; ++I)
        S += V[I];
      Part[T] = S;
    });
  for (auto &Th : Pool)
    Th.join();
  double S = 0;
  for (double P : Part)
    S += P;
  return S;
}
