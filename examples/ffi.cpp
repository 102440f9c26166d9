//===- examples/ffi.cpp - A kernel that calls CUDA C++ device functions ---===//
//
// ffi/polynomial.py's kernel evaluates 3x^2 - 2x + 1 with polyval and clamps
// it to [lo, hi] with clamp, two CUDA C++ device functions of
// ffi/polynomial.cu that it declares with cuda.declare_device (one of each
// of Numba's ABIs) and links with link=. pykc -c builds them into the
// kernels' object for the GPU (NVRTC, nvJitLink) and for the CPU backend
// (compiled as C++), so this runs on either. x = k / 8 for k = -500..500:
// every step of Horner's rule is exact in float64, so the results equal
// this program's own loop bit for bit, with or without fused multiply-add.
//
//===----------------------------------------------------------------------===//
#include "polynomial.h"

#include "common/banner.h"

#include <pykc/Runtime.h>

#include <cstdio>
#include <vector>

int main() {
  try {
    std::printf("%s\n", examples::device_banner().c_str());

    const std::vector<double> Coefficients = {3.0, -2.0, 1.0}; // 3x^2 - 2x + 1
    const double Lo = 1.0, Hi = 10000.0;
    std::vector<double> X;
    for (int K = -500; K <= 500; ++K)
      X.push_back(K / 8.0);
    std::vector<double> Out(X.size(), -1.0);
    auto DOut = pykc::to_device(Out);
    auto DX = pykc::to_device(X);
    auto DCoefficients = pykc::to_device(Coefficients);

    const int Threads = 128, Blocks = int((X.size() + Threads - 1) / Threads);
    polynomial::evaluate[{Blocks, Threads}](DOut, DX, DCoefficients, Lo, Hi);
    pykc::synchronize();
    DOut.copy_to_host(Out);

    size_t Bad = 0, Low = 0, High = 0;
    for (size_t I = 0; I < X.size(); ++I) {
      double V = 0.0;
      for (double C : Coefficients)
        V = V * X[I] + C;
      double Expected = V < Lo ? Lo : (V > Hi ? Hi : V);
      Low += V < Lo;
      High += V > Hi;
      Bad += Out[I] != Expected;
    }
    std::printf("evaluate[%d, %d](out, x, coefficients, %g, %g)\n", Blocks,
                Threads, Lo, Hi);
    std::printf("out[0] = %g, out[500] = %g, out[504] = %g, out[506] = %g, "
                "out[900] = %g\n",
                Out[0], Out[500], Out[504], Out[506], Out[900]);
    std::printf("check: %zu of %zu elements differ from 3x^2 - 2x + 1 clamped "
                "to [%g, %g] "
                "(%zu raised to %g, %zu lowered to %g): %s\n",
                Bad, Out.size(), Lo, Hi, Low, Lo, High, Hi,
                Bad ? "FAIL" : "PASS");
    return Bad ? 1 : 0;
  } catch (const std::exception &E) {
    std::fprintf(stderr, "error: %s\n", E.what());
    return 2;
  }
}
