//===- examples/fast_matmul.cpp - Document 000's "FASTER MATMUL" ----------===//
//
// 000_37e0919c94caff2e.txt multiplies a 32x48 matrix of threes by a 48x16
// matrix of fours (float32) with the shared-memory kernel fast_matmul
// (fast_matmul.py) into C = cuda.device_array((32, 16)), which is float64
// (Numba's default dtype), then prints the result and numpy.matmul(A, B):
// two 32x16 matrices of 576. (48 * 3 * 4) in NumPy's format. Here the
// reference product is a plain C++ loop in float32, as numpy.matmul on two
// float32 arrays; the program exits with status 1 unless both match.
//
//===----------------------------------------------------------------------===//
#include "fast_matmul.h"

#include "common/banner.h"
#include "common/numpy_print.h"

#include <pykc/Runtime.h>

#include <cmath>
#include <cstdio>
#include <vector>

int main() {
  try {
    std::printf("%s\n", examples::device_banner().c_str());

    const int TPB = 16;
    // A = numpy.full((TPB*2, TPB*3), 3, dtype=numpy.float32)
    // B = numpy.full((TPB*3, TPB*1), 4, dtype=numpy.float32)
    const int64_t M = TPB * 2, K = TPB * 3, N = TPB * 1;
    std::vector<float> A(size_t(M * K), 3.0f), B(size_t(K * N), 4.0f);

    auto AGlobalMem = pykc::to_device(A.data(), M, K);
    auto BGlobalMem = pykc::to_device(B.data(), K, N);
    auto CGlobalMem = pykc::device_array<double>(M, N); // [32 x 16] result

    // Configure the blocks
    pykc::Dim3 ThreadsPerBlock{TPB, TPB};
    pykc::Dim3 BlocksPerGrid{int(std::ceil(double(M) / ThreadsPerBlock.y)),
                             int(std::ceil(double(N) / ThreadsPerBlock.x))};

    // Start the kernel
    fast_matmul::fast_matmul[{BlocksPerGrid, ThreadsPerBlock}](
        AGlobalMem, BGlobalMem, CGlobalMem);
    pykc::synchronize();
    std::vector<double> Res;
    CGlobalMem.copy_to_host(Res);

    // res_test = numpy.matmul(A, B), as a plain loop (float32, like NumPy).
    std::vector<float> ResTest(size_t(M * N));
    for (int64_t I = 0; I < M; ++I)
      for (int64_t J = 0; J < N; ++J) {
        float Sum = 0;
        for (int64_t P = 0; P < K; ++P)
          Sum += A[size_t(I * K + P)] * B[size_t(P * N + J)];
        ResTest[size_t(I * N + J)] = Sum;
      }

    std::printf("results of pykc matmul: %s\n",
                examples::numpy_str(Res, M, N).c_str());
    std::printf("results of C++ loop matmul: %s\n",
                examples::numpy_str(ResTest, M, N).c_str());

    size_t Bad = 0;
    for (size_t I = 0; I < Res.size(); ++I)
      Bad += Res[I] != double(ResTest[I]);
    std::printf("check: blockspergrid = (%u, %u), threadsperblock = (%u, %u); "
                "%zu of %zu elements of the %lldx%lld product differ from "
                "the C++ loop: %s\n",
                BlocksPerGrid.x, BlocksPerGrid.y, ThreadsPerBlock.x,
                ThreadsPerBlock.y, Bad, Res.size(), (long long)M,
                (long long)N, Bad ? "FAIL" : "PASS");
    return Bad ? 1 : 0;
  } catch (const std::exception &E) {
    std::fprintf(stderr, "error: %s\n", E.what());
    return 2;
  }
}
