//===- examples/matmul.cpp - Document 001's "Matrix product" --------------===//
//
// 001_9b0f4a0e575d1f42.txt multiplies two 1000x1000 float32 matrices of
// np.random.normal(loc=0, scale=10) numbers on the GPU with the naive kernel
// cuda_matmul1 and the shared-memory kernel cuda_fast_matmul (matmul.py;
// cuda_matmul is the same naive kernel under its first name), 16x16 blocks,
// timed with `%timeit -r 5 -n 20 -q -o`. This program does the same with the
// kernels compiled by `pykc -c`, into a float64 C (cuda.device_array's
// default dtype; the document allocated C_gpu = cuda.device_array((24, 22))
// by mistake, so its kernels computed only a 24x22 corner; here C is NxN),
// and checks every product against a plain C++ loop.
//
//   pykc-example-matmul [N]     N x N matrices, default 1000
//
// The kernels multiply in float32 (A[i, k] * B[k, j]) and add the products
// into a float64 `tmp` in order k = 0, 1, ...; the reference loop does the
// same arithmetic, so the errors are expected to be 0. The check allows
// |C - C_ref| <= 1e-6 * sum_k |A[i, k] * B[k, j]| per element (float32
// products are exact to 2^-24 ~ 6e-8 of their size), so a kernel computing
// in another precision or order still passes and a wrong one fails.
//
// On the CPU backend the document's -r 5 -n 20 would take minutes, so the
// program times fewer runs and says so.
//
//===----------------------------------------------------------------------===//
#include "matmul.h"

#include "common/banner.h"
#include "common/timeit.h"

#include <pykc/Runtime.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <random>
#include <string>
#include <vector>

namespace {

const int TPB = 16; // matmul.py's tile width

struct Matrices {
  int64_t N;
  std::vector<float> A, B;
  std::vector<double> CRef;  ///< The reference product.
  std::vector<double> Scale; ///< sum_k |A[i, k] * B[k, j]|
};

/// C = A * B with the kernels' arithmetic: float32 products, float64 sums
/// in order k = 0..N-1 (the i-k-j loop order keeps that per element and
/// reads B by rows).
void referenceProduct(Matrices &M) {
  int64_t N = M.N;
  M.CRef.assign(size_t(N * N), 0.0);
  M.Scale.assign(size_t(N * N), 0.0);
  for (int64_t I = 0; I < N; ++I) {
    double *C = &M.CRef[size_t(I * N)], *S = &M.Scale[size_t(I * N)];
    for (int64_t K = 0; K < N; ++K) {
      float Aik = M.A[size_t(I * N + K)];
      const float *B = &M.B[size_t(K * N)];
      for (int64_t J = 0; J < N; ++J) {
        float P = Aik * B[J];
        C[J] += double(P);
        S[J] += std::fabs(double(P));
      }
    }
  }
}

/// Compares the top-left N x N corner of the Ld-wide row-major C with the
/// reference; prints the errors and returns whether they are in tolerance.
bool check(const char *What, const std::vector<double> &C, int64_t Ld,
           const Matrices &M) {
  const double Tolerance = 1e-6;
  double MaxAbs = 0, MaxRel = 0;
  size_t Bad = 0;
  for (int64_t I = 0; I < M.N; ++I)
    for (int64_t J = 0; J < M.N; ++J) {
      double Got = C[size_t(I * Ld + J)];
      double Want = M.CRef[size_t(I * M.N + J)];
      double S = M.Scale[size_t(I * M.N + J)];
      double Err = std::fabs(Got - Want);
      if (std::isnan(Got) || std::isnan(Err)) {
        Err = std::numeric_limits<double>::infinity();
      }
      double Rel = S > 0 ? Err / S : Err > 0 ? Err : 0.0;
      MaxAbs = std::max(MaxAbs, Err);
      MaxRel = std::max(MaxRel, Rel);
      Bad += !(Err <= Tolerance * S);
    }
  std::printf("%s: max abs error %.3g, max rel error %.3g (error / "
              "sum_k |A[i,k]*B[k,j]|; tolerance %g): %s\n",
              What, MaxAbs, MaxRel, Tolerance, Bad ? "FAIL" : "PASS");
  if (Bad)
    std::printf("  %zu of %lld elements are out of tolerance\n", Bad,
                (long long)(M.N * M.N));
  return Bad == 0;
}

/// A host matrix of NaN, so that an element a kernel fails to write shows
/// up in the check.
template <typename T> void fillNaN(pykc::DeviceArray<T, 2> &C) {
  C.copy_to_device(
      std::vector<T>(size_t(C.size()), std::numeric_limits<T>::quiet_NaN()));
}

} // namespace

int main(int Argc, char **Argv) {
  try {
    int64_t N = 1000;
    if (Argc == 2) {
      char *End = nullptr;
      N = std::strtoll(Argv[1], &End, 10);
      if (*End || End == Argv[1])
        N = 0;
    }
    if (Argc > 2 || N <= 0 || N > 100000) {
      std::fprintf(stderr, "usage: %s [N]   (N x N matrices, default 1000)\n",
                   Argv[0]);
      return 2;
    }
    std::printf("%s\n", examples::device_banner().c_str());

    // The document's -r 5 -n 20, or fewer on the CPU backend.
    int Repeat = 5, Number = 20;
    if (examples::on_cpu_backend()) {
      Repeat = N >= 256 ? 2 : 5;
      Number = N >= 256 ? 1 : 20;
      if (Repeat != 5 || Number != 20)
        std::printf("(CPU backend: timing with -r %d -n %d instead of the "
                    "document's -r 5 -n 20)\n",
                    Repeat, Number);
    }

    // A = np.random.normal(loc=0, scale=10, size=N**2).astype(np.float32)
    //       .reshape((N, N)), B likewise; here from std::mt19937 (seed 1)
    // so every run multiplies the same matrices.
    Matrices M;
    M.N = N;
    std::mt19937 Gen(1);
    std::normal_distribution<double> Normal(0.0, 10.0);
    M.A.resize(size_t(N * N));
    M.B.resize(size_t(N * N));
    for (float &V : M.A)
      V = float(Normal(Gen));
    for (float &V : M.B)
      V = float(Normal(Gen));
    std::printf("A, B: %lldx%lld float32, normal(loc=0, scale=10) "
                "(std::mt19937 seed 1); C: %lldx%lld float64\n",
                (long long)N, (long long)N, (long long)N, (long long)N);

    auto Start = std::chrono::steady_clock::now();
    referenceProduct(M);
    double RefSeconds = std::chrono::duration<double>(
                            std::chrono::steady_clock::now() - Start)
                            .count();
    std::printf("reference: plain C++ loop on the host, %s\n",
                examples::format_time(RefSeconds).c_str());

    // Copy the arrays to the device; allocate the result there.
    auto AGpu = pykc::to_device(M.A.data(), N, N);
    auto BGpu = pykc::to_device(M.B.data(), N, N);
    auto CGpu = pykc::device_array<double>(N, N);

    // Configure the blocks
    pykc::Dim3 ThreadsPerBlock{16, 16};
    pykc::Dim3 BlocksPerGrid{int(std::ceil(double(N) / ThreadsPerBlock.x)),
                             int(std::ceil(double(N) / ThreadsPerBlock.y))};
    std::printf("\nthreadsperblock = (%u, %u), blockspergrid = (%u, %u)\n",
                ThreadsPerBlock.x, ThreadsPerBlock.y, BlocksPerGrid.x,
                BlocksPerGrid.y);
    bool Ok = true;
    std::vector<double> C;

    // Naive kernel, timed as in the document.
    fillNaN(CGpu);
    std::printf("%%timeit -r %d -n %d -q -o cuda_matmul1[blockspergrid, "
                "threadsperblock](A_gpu, B_gpu, C_gpu)\n",
                Repeat, Number);
    auto T1 = examples::timeit(
        [&] {
          matmul::cuda_matmul1[{BlocksPerGrid, ThreadsPerBlock}](AGpu, BGpu,
                                                                 CGpu);
        },
        Repeat, Number);
    std::printf("%s\n", T1.repr().c_str());
    CGpu.copy_to_host(C);
    Ok &= check("cuda_matmul1", C, N, M);

    // The same naive kernel under its first name, launched once.
    fillNaN(CGpu);
    matmul::cuda_matmul[{BlocksPerGrid, ThreadsPerBlock}](AGpu, BGpu, CGpu);
    pykc::synchronize();
    CGpu.copy_to_host(C);
    Ok &= check("cuda_matmul (launched once)", C, N, M);

    // The tiled kernel. It loops over gridDim.x tiles of TPB = 16 and loads
    // A[x, ty + i*TPB] and B[tx + i*TPB, y] with no bounds check, and its
    // early return `if x >= C.shape[0] and y >= C.shape[1]` only skips
    // threads outside both extents (`or` was meant). It is therefore only
    // correct for square matrices whose size is a multiple of 16 covered
    // exactly by the grid: with N = 1000 the 63x63 grid of 16x16 blocks
    // reaches rows and columns 1000..1007, and the kernel would read and
    // write past the arrays. The kernel is used unchanged, on copies of A
    // and B zero-padded to P = 16 * ceil(N / 16) (1008): the extra rows and
    // columns of zeros add nothing to the N x N corner of the P x P
    // product, which is then compared with the reference.
    int64_t P = (N + TPB - 1) / TPB * TPB;
    std::printf("\ncuda_fast_matmul loads 16x16 tiles without bounds checks "
                "and returns early only when x AND y are outside C,\n"
                "so it needs sizes that are multiples of 16: ");
    if (P == N)
      std::printf("%lld is one, no padding needed.\n", (long long)N);
    else
      std::printf("running it on zero-padded %lldx%lld copies of A and B\n"
                  "and comparing the %lldx%lld corner (the zeros add nothing "
                  "to it).\n",
                  (long long)P, (long long)P, (long long)N, (long long)N);
    std::vector<float> APad(size_t(P * P), 0.0f), BPad(size_t(P * P), 0.0f);
    for (int64_t I = 0; I < N; ++I)
      for (int64_t J = 0; J < N; ++J) {
        APad[size_t(I * P + J)] = M.A[size_t(I * N + J)];
        BPad[size_t(I * P + J)] = M.B[size_t(I * N + J)];
      }
    auto APadGpu = pykc::to_device(APad.data(), P, P);
    auto BPadGpu = pykc::to_device(BPad.data(), P, P);
    auto CPadGpu = pykc::device_array<double>(P, P);
    fillNaN(CPadGpu);
    // Configure the blocks as the document does, from the (padded) shapes.
    pykc::Dim3 TiledBlocks{int(std::ceil(double(P) / ThreadsPerBlock.y)),
                           int(std::ceil(double(P) / ThreadsPerBlock.x))};
    std::printf("threadsperblock = (%u, %u), blockspergrid = (%u, %u)\n",
                ThreadsPerBlock.x, ThreadsPerBlock.y, TiledBlocks.x,
                TiledBlocks.y);
    std::printf("%%timeit -r %d -n %d -q -o cuda_fast_matmul[blockspergrid, "
                "threadsperblock](%s)\n",
                Repeat, Number,
                P == N ? "A_gpu, B_gpu, C_gpu" : "A_pad, B_pad, C_pad");
    auto T2 = examples::timeit(
        [&] {
          matmul::cuda_fast_matmul[{TiledBlocks, ThreadsPerBlock}](
              APadGpu, BPadGpu, CPadGpu);
        },
        Repeat, Number);
    std::printf("%s\n", T2.repr().c_str());
    CPadGpu.copy_to_host(C);
    std::string What = "cuda_fast_matmul";
    if (P != N)
      What += " (" + std::to_string(N) + "x" + std::to_string(N) +
              " corner of the " + std::to_string(P) + "x" +
              std::to_string(P) + " product)";
    Ok &= check(What.c_str(), C, P, M);

    std::printf("\nresult: %s\n", Ok ? "PASS" : "FAIL");
    return Ok ? 0 : 1;
  } catch (const std::exception &E) {
    std::fprintf(stderr, "error: %s\n", E.what());
    return 2;
  }
}
