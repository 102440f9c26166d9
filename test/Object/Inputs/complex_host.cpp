// complex64 and complex128 through a generated header: arrays of
// std::complex, a complex scalar passed as its two parts, and an @njit
// function taking and returning one.
#include "complex_kernels.h"

#include <pykc/Runtime.h>

#include <complex>
#include <cstdio>
#include <vector>

int main() {
  std::vector<std::complex<float>> A = {{1, 2}, {-0.5f, 0.25f}, {0, 0}, {3, -4}};
  auto DA = pykc::to_device(A);
  auto DOut = pykc::to_device(std::vector<std::complex<double>>(A.size()));
  complex_kernels::rotate[{1, 4}](DA, std::complex<double>(0, 1), DOut);
  pykc::synchronize();
  std::vector<std::complex<double>> Out = DOut.copy_to_host();
  for (size_t I = 0; I < Out.size(); ++I) {
    std::complex<double> Expected =
        std::complex<double>(A[I]) * std::complex<double>(0, 1) +
        std::exp(std::complex<double>(0, A[I].real()));
    std::printf("rotate[%zu] = (%.6f, %.6f), %s\n", I, Out[I].real(), Out[I].imag(),
                std::abs(Out[I] - Expected) < 1e-12 ? "as std::complex computes" : "wrong");
  }
  std::complex<double> S = complex_kernels::scale(std::complex<double>(1.5, -2), 2);
  std::printf("scale = (%g, %g)\n", S.real(), S.imag());
  return 0;
}
