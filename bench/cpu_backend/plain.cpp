// The anchor for the CPU backend benchmark: each kernel written as a plain
// single-threaded C++ loop doing the same arithmetic in the same types as
// Numba types the kernel (increment's `a[i] += 1` and the matmuls' `tmp =
// 0.` accumulate in double; saxpy stays in float32, one fused multiply-add;
// the stencil's 0.25 makes it double). Built with -O3 -march=native.
//
//   plain KERNEL N REPEATS   prints the median milliseconds of REPEATS runs
//   (N: elements; the stencil's and matmul's N is the side of the square)
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {

template <class F> double medianMillis(int Repeats, F &&Body) {
  std::vector<double> T;
  for (int R = 0; R < Repeats; ++R) {
    auto S = std::chrono::steady_clock::now();
    Body();
    T.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - S).count());
  }
  std::sort(T.begin(), T.end());
  return T[T.size() / 2];
}

volatile float Sink;

} // namespace

int main(int argc, char **argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: plain increment|saxpy|stencil|matmul N REPEATS\n");
    return 2;
  }
  const char *Kernel = argv[1];
  const long N = std::atol(argv[2]);
  const int Repeats = std::atoi(argv[3]);
  double Ms = 0;
  if (!std::strcmp(Kernel, "increment")) {
    std::vector<float> A(N, 1.0f);
    Ms = medianMillis(Repeats, [&] {
      for (long I = 0; I < N; ++I)
        A[I] = float(double(A[I]) + 1.0);
    });
    Sink = A[N / 2];
  } else if (!std::strcmp(Kernel, "saxpy")) {
    std::vector<float> X(N, 1.5f), Y(N, 0.5f);
    const float S = 1.0001f;
    Ms = medianMillis(Repeats, [&] {
      for (long I = 0; I < N; ++I)
        Y[I] = std::fma(S, X[I], Y[I]);
    });
    Sink = Y[N / 2];
  } else if (!std::strcmp(Kernel, "stencil")) {
    std::vector<float> Src(N * N, 1.0f), Dst(N * N, 0.0f);
    Ms = medianMillis(Repeats, [&] {
      for (long R = 1; R < N - 1; ++R)
        for (long C = 1; C < N - 1; ++C)
          Dst[R * N + C] = float(0.25 * double(Src[(R - 1) * N + C] + Src[(R + 1) * N + C] +
                                               Src[R * N + C - 1] + Src[R * N + C + 1]));
    });
    Sink = Dst[N + 1];
  } else if (!std::strcmp(Kernel, "matmul")) {
    std::vector<float> X(N * N), Y(N * N), Z(N * N);
    for (long I = 0; I < N * N; ++I) {
      X[I] = float(I % 7) / 7.0f;
      Y[I] = float(I % 5) / 5.0f;
    }
    Ms = medianMillis(Repeats, [&] {
      for (long R = 0; R < N; ++R)
        for (long C = 0; C < N; ++C) {
          double Tmp = 0.0;
          for (long K = 0; K < N; ++K)
            Tmp += X[R * N + K] * Y[K * N + C];
          Z[R * N + C] = float(Tmp);
        }
    });
    Sink = Z[0];
  } else {
    std::fprintf(stderr, "plain: unknown kernel '%s'\n", Kernel);
    return 2;
  }
  // Nine decimals: a 4,096-element launch takes a fraction of a microsecond.
  std::printf("%.9f\n", Ms);
}
