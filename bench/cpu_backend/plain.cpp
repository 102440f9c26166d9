// The anchor for the CPU backend benchmark: the documents' kernels written
// as plain C++ loops doing the same arithmetic (the kernels' `tmp = 0.`
// accumulates in double, and `a[i] += 1` adds in double, as Numba types
// them). Prints the median of the repeats in milliseconds.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

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

int main(int argc, char **argv) {
  const int N = argc > 1 ? std::atoi(argv[1]) : 1000000;
  const int M = argc > 2 ? std::atoi(argv[2]) : 256;
  std::vector<float> A(N, 1.0f);
  double Inc = medianMillis(20, [&] {
    for (int I = 0; I < N; ++I)
      A[I] = float(double(A[I]) + 1.0);
  });
  std::vector<float> X(size_t(M) * M), Y(size_t(M) * M), Z(size_t(M) * M);
  for (size_t I = 0; I < X.size(); ++I) {
    X[I] = float(I % 7) / 7.0f;
    Y[I] = float(I % 5) / 5.0f;
  }
  double Mat = medianMillis(5, [&] {
    for (int R = 0; R < M; ++R)
      for (int C = 0; C < M; ++C) {
        double Tmp = 0.0;
        for (int K = 0; K < M; ++K)
          Tmp += X[size_t(R) * M + K] * Y[size_t(K) * M + C];
        Z[size_t(R) * M + C] = float(Tmp);
      }
  });
  std::printf("increment %d %.4f\nmatmul %d %.4f\n", N, Inc, M, Mat);
  volatile float Sink = A[N / 2] + Z[0];
  (void)Sink;
}
