//===- matmul_bench.cpp - The documents' matmuls against cuBLAS SGEMM -----===//
//
// matmul.py's cuda_matmul (naive) and fast_matmul.py's fast_matmul (16x16
// shared tiles), compiled by pykc and launched through their headers, on
// float32 n x n matrices for n = 256 .. 4096, against cublasSgemm on the
// same device arrays in the same run (default math mode: no TF32). The
// Python kernels accumulate in double (`tmp = 0.`), as the documents wrote
// them; cuBLAS accumulates in float. Each time is the median of events
// around Reps launches; the outputs are checked against cuBLAS's.
//
// Usage: matmul_bench [max n]   (prints CSV on stdout)
//
//===----------------------------------------------------------------------===//
#include "fast_matmul.h"
#include "matmul.h"

#include "../common/EventTiming.h"

#include <pykc/Runtime.h>

#include <cublas_v2.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <vector>

namespace {

using bench::median;
using bench::timeLaunches;

/// Median milliseconds per call: about 20 ms of work a sample, 5 samples
/// or more.
double measure(const std::function<void()> &F) {
  F();
  double First = timeLaunches(F, 1);
  int Reps = std::clamp(int(20.0 / std::max(First, 1e-3)), 1, 500);
  int Samples = First > 200 ? 3 : 7;
  std::vector<double> T;
  for (int S = 0; S < Samples; ++S)
    T.push_back(timeLaunches(F, Reps));
  return median(T);
}

/// Largest |a - b| over max |b|.
double relError(const std::vector<float> &A, const std::vector<float> &B) {
  double Err = 0, Scale = 0;
  for (size_t I = 0; I < A.size(); ++I) {
    Err = std::max(Err, std::fabs(double(A[I]) - double(B[I])));
    Scale = std::max(Scale, std::fabs(double(B[I])));
  }
  return Err / std::max(Scale, 1e-30);
}

} // namespace

int main(int Argc, char **Argv) {
  int MaxN = Argc > 1 ? std::atoi(Argv[1]) : 4096;
  if (!pykc::cuda_available()) {
    std::printf("# GPU: skipped: no usable GPU (%s)\n",
                pykc::cuda_unavailable_reason().c_str());
    return 0;
  }
  pykc::select_device(0);
  cublasHandle_t Handle;
  if (cublasCreate(&Handle) != CUBLAS_STATUS_SUCCESS) {
    std::fprintf(stderr, "matmul_bench: cublasCreate failed\n");
    return 1;
  }
  std::printf(
      "n,pykc_naive_ms,pykc_tiled_ms,cublas_ms,naive_over_cublas,tiled_over_"
      "cublas,"
      "naive_TFLOPs,tiled_TFLOPs,cublas_TFLOPs,naive_rel_err,tiled_rel_err\n");
  for (int64_t N = 256; N <= MaxN; N *= 2) {
    std::vector<float> HA(N * N), HB(N * N);
    for (int64_t I = 0; I < N * N; ++I) {
      HA[I] = float((uint32_t(I) * 2654435761u >> 8) % 1024) / 256.0f - 2.0f;
      HB[I] = float((uint32_t(I) * 40503u >> 4) % 1024) / 256.0f - 2.0f;
    }
    auto A = pykc::to_device(HA.data(), N, N),
         B = pykc::to_device(HB.data(), N, N);
    auto C = pykc::device_array<float>(N, N);
    const pykc::Dim3 Block{16, 16}, Grid{uint32_t(N / 16), uint32_t(N / 16)};
    auto Naive = [&] { matmul::cuda_matmul[{Grid, Block}](A, B, C); };
    auto Tiled = [&] { fast_matmul::fast_matmul[{Grid, Block}](A, B, C); };
    const float One = 1.0f, Zero = 0.0f;
    // Row-major C = A B is column-major C^T = B^T A^T.
    auto Sgemm = [&] {
      if (cublasSgemm(Handle, CUBLAS_OP_N, CUBLAS_OP_N, int(N), int(N), int(N),
                      &One, B.data(), int(N), A.data(), int(N), &Zero,
                      C.data(), int(N)) != CUBLAS_STATUS_SUCCESS) {
        std::fprintf(stderr, "matmul_bench: cublasSgemm failed for n = %lld\n",
                     (long long)N);
        std::exit(1);
      }
    };
    Sgemm();
    pykc::synchronize();
    auto Ref = C.copy_to_host();
    Naive();
    double NaiveErr = relError(C.copy_to_host(), Ref);
    Tiled();
    double TiledErr = relError(C.copy_to_host(), Ref);
    double Tn = measure(Naive), Tt = measure(Tiled), Tc = measure(Sgemm);
    double Flop = 2.0 * N * N * N;
    std::printf("%lld,%.4f,%.4f,%.4f,%.2f,%.2f,%.2f,%.2f,%.2f,%.2g,%.2g\n",
                (long long)N, Tn, Tt, Tc, Tn / Tc, Tt / Tc, Flop / Tn / 1e9,
                Flop / Tt / 1e9, Flop / Tc / 1e9, NaiveErr, TiledErr);
    std::fflush(stdout);
  }
  cublasDestroy(Handle);
  return 0;
}
