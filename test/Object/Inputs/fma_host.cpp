// Runs fma.py's residue on the CPU device from a pykc -c object and prints
// each result's bits, for fmad.test to compare with `pykc run`.
#include "fma.h"

#include <pykc/Runtime.h>

#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <vector>

int main() {
  pykc::select_device(pykc::cpu_device_id());
  const int N = 8;
  std::vector<double> A(N), B(N), C(N);
  for (int I = 0; I < N; ++I) {
    A[I] = 1.0 / 3 + I; // the same formulas as fmad.test's NumPy
    B[I] = 3 + I / 7.0;
    C[I] = -(A[I] * B[I]);
  }
  auto DA = pykc::to_device(A), DB = pykc::to_device(B), DC = pykc::to_device(C);
  auto Out = pykc::device_array<double>(N);
  fma::residue[{1, 32}](DA, DB, DC, Out);
  for (double V : Out.copy_to_host()) {
    uint64_t Bits;
    std::memcpy(&Bits, &V, sizeof Bits);
    std::printf("%016" PRIx64 "\n", Bits);
  }
  return 0;
}
