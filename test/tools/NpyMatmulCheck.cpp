//===- NpyMatmulCheck.cpp - A C++ reference for the matmul tests ----------===//
//
// pykc-npy-matmul-check A.npy B.npy C.npy [RTOL]: computes A @ B with a
// plain triple loop in double precision and checks that C matches within
// RTOL (relative to max(|reference|, 1)). Exit 1 with the first mismatch.
//
//===----------------------------------------------------------------------===//
#include "Npy.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace pykc::driver;

namespace {

/// Element (R, C) of a 2-d array as a double, honouring its order.
double at(const NpyArray &A, int64_t R, int64_t C) {
  int64_t Index = A.FortranOrder ? C * A.Shape[0] + R : R * A.Shape[1] + C;
  const uint8_t *P = A.Data.data() + Index * A.ItemSize;
  if (A.Dtype == "float32") {
    float F;
    std::memcpy(&F, P, sizeof F);
    return F;
  }
  if (A.Dtype == "float64") {
    double D;
    std::memcpy(&D, P, sizeof D);
    return D;
  }
  std::fprintf(stderr, "pykc-npy-matmul-check: %s arrays are not supported\n", A.Dtype.c_str());
  std::exit(2);
}

} // namespace

int main(int Argc, char **Argv) {
  if (Argc < 4) {
    std::fprintf(stderr, "usage: pykc-npy-matmul-check A.npy B.npy C.npy [RTOL]\n");
    return 2;
  }
  std::vector<NpyArray> M;
  for (int I = 1; I <= 3; ++I) {
    std::string Error;
    auto A = readNpy(Argv[I], Error);
    if (!A || A->Shape.size() != 2) {
      std::fprintf(stderr, "pykc-npy-matmul-check: %s: %s\n", Argv[I],
                   A ? "not a 2-d array" : Error.c_str());
      return 2;
    }
    M.push_back(std::move(*A));
  }
  double RTol = Argc > 4 ? std::atof(Argv[4]) : 1e-5;
  const NpyArray &A = M[0], &B = M[1], &C = M[2];
  int64_t Rows = A.Shape[0], Inner = A.Shape[1], Cols = B.Shape[1];
  if (B.Shape[0] != Inner || C.Shape[0] != Rows || C.Shape[1] != Cols) {
    std::fprintf(stderr, "pykc-npy-matmul-check: shapes do not multiply\n");
    return 1;
  }
  for (int64_t R = 0; R < Rows; ++R)
    for (int64_t Col = 0; Col < Cols; ++Col) {
      double Want = 0;
      for (int64_t K = 0; K < Inner; ++K)
        Want += at(A, R, K) * at(B, K, Col);
      double Got = at(C, R, Col);
      if (!(std::fabs(Got - Want) <= RTol * std::fmax(std::fabs(Want), 1.0))) {
        std::printf("mismatch at (%lld, %lld): %.17g, expected %.17g\n", (long long)R,
                    (long long)Col, Got, Want);
        return 1;
      }
    }
  std::printf("C++ reference: %lldx%lld product matches within %g\n", (long long)Rows,
              (long long)Cols, RTol);
  return 0;
}
