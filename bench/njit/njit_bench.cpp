// The documents' numba_reduce compiled by pykc (through the generated
// header, from C++) against the same loop written in C++: the sum of |a|
// of float32 values in a float64 accumulator, serial and split over T
// std::threads in T chunks as pykc's prange does, in order and with the
// additions free to be reordered (vectorized). Prints one line per
// variant: "NAME THREADS MEDIAN_MS RESULT".
#include "reductions.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <thread>
#include <vector>

namespace {

double plainLoop(const float *A, int64_t Lo, int64_t Hi) {
  double S = 0;
  for (int64_t I = Lo; I < Hi; ++I)
    S += A[I] < 0 ? -double(A[I]) : double(A[I]);
  return S;
}

/// The same loop with the additions free to be reordered, as pykc's prange
/// reductions are (so the compiler vectorizes it): the fair ceiling.
double reassociatedLoop(const float *A, int64_t Lo, int64_t Hi) {
#pragma clang fp reassociate(on)
  double S = 0;
  for (int64_t I = Lo; I < Hi; ++I)
    S += A[I] < 0 ? -double(A[I]) : double(A[I]);
  return S;
}

template <double (*Loop)(const float *, int64_t, int64_t)>
double inThreads(const std::vector<float> &A, unsigned T) {
  std::vector<double> Partial(T);
  std::vector<std::thread> Threads;
  int64_t N = int64_t(A.size());
  for (unsigned K = 0; K < T; ++K)
    Threads.emplace_back([&, K] { Partial[K] = Loop(A.data(), N * K / T, N * (K + 1) / T); });
  for (auto &Th : Threads)
    Th.join();
  double S = 0;
  for (double P : Partial)
    S += P;
  return S;
}

template <typename F> void timeIt(const char *Name, unsigned T, int Repeats, F &&Run) {
  std::vector<double> Ms;
  double Result = 0;
  for (int R = 0; R < Repeats; ++R) {
    auto Start = std::chrono::steady_clock::now();
    Result = Run();
    Ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - Start)
                     .count());
  }
  std::sort(Ms.begin(), Ms.end());
  std::printf("%s %u %.4f %.6f\n", Name, T, Ms[Ms.size() / 2], Result);
}

} // namespace

int main(int Argc, char **Argv) {
  int64_t N = Argc > 1 ? std::atoll(Argv[1]) : 10000000;
  unsigned T = Argc > 2 ? unsigned(std::atoi(Argv[2])) : 1;
  int Repeats = Argc > 3 ? std::atoi(Argv[3]) : 21;
  std::vector<float> A(N);
  std::mt19937 Gen(1);
  std::uniform_real_distribution<float> U(-1, 1);
  for (float &V : A)
    V = U(Gen);
  // pykc's thread count comes from PYKC_NUM_THREADS, set by run.sh to T.
  timeIt("pykc", T, Repeats, [&] { return reductions::numba_reduce(A); });
  if (T == 1) {
    timeIt("cxx", T, Repeats, [&] { return plainLoop(A.data(), 0, N); });
    timeIt("cxx-reassoc", T, Repeats, [&] { return reassociatedLoop(A.data(), 0, N); });
  } else {
    timeIt("cxx", T, Repeats, [&] { return inThreads<plainLoop>(A, T); });
    timeIt("cxx-reassoc", T, Repeats, [&] { return inThreads<reassociatedLoop>(A, T); });
  }
}
