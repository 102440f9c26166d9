// A C++ program calling @njit functions compiled by pykc: the documents'
// numba_reduce on a std::vector, a tuple result, a 2-d array changed in
// place, a parallel function, a float32 scalar, and a division by zero.
#include "njit.h"
#include "reductions.h"

#include <cstdio>
#include <vector>

int main() {
  std::vector<float> A;
  for (int I = 0; I < 1000; ++I)
    A.push_back(I % 2 ? -float(I) : float(I));
  double Sum = reductions::numba_reduce(A);
  std::printf("numba_reduce: %.1f\n", Sum);

  const std::vector<int32_t> Ints = {3, -1, 4, -1, 5};
  std::printf("total: %lld\n", (long long)njit::total(Ints));

  std::vector<double> F = {2.5, -1.0, 7.0};
  auto [Lo, Hi, Wider] = njit::stats(F);
  std::printf("stats: %g %g %d\n", Lo, Hi, int(Wider));

  std::vector<float> M = {0, 1, 2, 3, 4, 5};
  njit::scale(pykc::HostArray<float, 2>(M.data(), {2, 3}), 2.0);
  std::printf("scale:");
  for (float V : M)
    std::printf(" %g", V);
  std::printf("\n");

  std::vector<double> R(10);
  for (int I = 0; I < 10; ++I)
    R[I] = I;
  auto [S, P, N] = njit::par_stats(std::span<const double>(R));
  std::printf("par_stats: %g %lld %lld\n", S, (long long)P, (long long)N);
  std::printf("half: %g\n", double(njit::half(3.0f)));

  // An exception Numba's CPU target raises is a pykc::Error here.
  std::printf("ratio: %lld\n", (long long)njit::ratio(7, 2));
  try {
    njit::ratio(7, 0);
    std::printf("ratio by zero: no error\n");
  } catch (const pykc::Error &E) {
    std::printf("ratio by zero: %s\n", E.what());
  }
}
