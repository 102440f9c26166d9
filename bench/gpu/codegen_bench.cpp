//===- codegen_bench.cpp - pykc's GPU code against nvcc -O3's -------------===//
//
// Each case runs one kernel on the same device arrays twice over: as pykc
// compiled the Python file (launched through its generated header) and as
// nvcc -O3 compiled the same algorithm in CUDA C++ (bench/gpu/anchors.cu,
// launched by cuLaunchKernel). Rounds alternate the two so clock and
// thermal drift hit both; each sample times Reps back-to-back launches
// between two events on the default stream. Inputs are multiples of 1/256
// small enough that every implementation's arithmetic is exact, so the two
// outputs must be bit-identical; the checksum printed for each is compared
// with numba-cuda's (bench/gpu/numba_bench.py) by bench/gpu/report.py.
//
// Usage: codegen_bench ANCHORS.cubin [rounds]   (prints CSV on stdout)
//
//===----------------------------------------------------------------------===//
#include "copy_kernels.h"
#include "fast_matmul.h"
#include "increment_by_one_threadidx.h"
#include "increment_grid.h"
#include "matmul.h"
#include "saxpy.h"
#include "stencil.h"
#include "transpose.h"
#if HAVE_HISTOGRAM
#include "histogram.h"
#endif

#include "../common/DriverApi.h"

#include "../common/EventTiming.h"

#include <pykc/Runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <functional>
#include <iterator>
#include <string>
#include <vector>

namespace {

bench::Driver Cu;
CUmodule Anchors;

CUfunction anchor(const char *Name) {
  CUfunction F;
  bench::check(Cu.cuModuleGetFunction(&F, Anchors, Name), Name);
  return F;
}

/// Launches an nvcc kernel on the default stream with Args by address.
template <typename... A>
void launchAnchor(CUfunction F, pykc::Dim3 G, pykc::Dim3 B, A... Args) {
  void *Params[] = {static_cast<void *>(&Args)...};
  bench::check(Cu.cuLaunchKernel(F, G[0], G[1], G[2], B[0], B[1], B[2], 0,
                                 nullptr, Params, nullptr),
               "cuLaunchKernel");
}

/// Exact test data: multiples of 1/256 in [-2, 2).
float value(int64_t I, uint32_t Salt) {
  uint32_t H = uint32_t(I) * 2654435761u + Salt * 40503u;
  return float((H >> 8) % 1024) / 256.0f - 2.0f;
}

template <typename T> std::vector<T> hostData(int64_t N, uint32_t Salt) {
  std::vector<T> V(N);
  for (int64_t I = 0; I < N; ++I)
    V[I] = T(value(I, Salt));
  return V;
}

/// Σ v_i (1 + i mod 7), in double: exact for the data above, so equal
/// outputs give equal checksums in any language.
template <typename T> double checksum(const std::vector<T> &V) {
  double S = 0;
  for (size_t I = 0; I < V.size(); ++I)
    S += double(V[I]) * double(1 + I % 7);
  return S;
}

struct Case {
  std::string Name;            ///< kernel name, as in the Python file
  std::string File;            ///< the Python file
  double Bytes;                ///< fewest bytes the kernel must move
  double Flops;                ///< floating-point operations (0: memory-bound)
  std::function<void()> Reset; ///< restores the inputs
  std::function<void()> Pykc;  ///< one launch of pykc's kernel
  std::function<void()> Nvcc;  ///< one launch of nvcc's kernel
  std::function<double()> Output; ///< checksum of the output
};

using bench::median;
using bench::timeLaunches;

constexpr int64_t N1 = int64_t(1) << 26; // 1-d cases: 64 Mi elements
constexpr int64_t N2 = 8192;             // 2-d cases: 8192 x 8192
constexpr int64_t NM = 2048;             // matmuls: 2048^3
const pykc::Dim3 B1{256}, B2{16, 16};
const pykc::Dim3 G1{uint32_t(N1 / 256)},
    G2{uint32_t(N2 / 16), uint32_t(N2 / 16)};
const pykc::Dim3 GM{uint32_t(NM / 16), uint32_t(NM / 16)};

} // namespace

int main(int Argc, char **Argv) {
  if (Argc < 2) {
    std::fprintf(stderr, "usage: codegen_bench ANCHORS.cubin [rounds]\n");
    return 2;
  }
  int Rounds = Argc > 2 ? std::atoi(Argv[2]) : 15;
  if (!pykc::cuda_available() || !Cu.open()) {
    std::printf("# GPU: skipped: no usable GPU (%s)\n",
                pykc::cuda_unavailable_reason().c_str());
    return 0;
  }
  pykc::select_device(0);
  Cu.usePrimaryContext();
  std::ifstream In(Argv[1], std::ios::binary);
  std::vector<char> Cubin((std::istreambuf_iterator<char>(In)), {});
  bench::check(Cu.cuModuleLoadData(&Anchors, Cubin.data()), "cuModuleLoadData");

  std::vector<Case> Cases;

  // 1-d float32 increments (documents 000 and 004).
  auto HA = hostData<float>(N1, 1);
  auto A1 = pykc::to_device(HA);
  auto ResetA1 = [&] { A1.copy_to_device(HA); };
  auto OutA1 = [&] { return checksum(A1.copy_to_host()); };
  CUfunction IncF = anchor("increment_by_one");
  auto IncNvcc = [&] { launchAnchor(IncF, G1, B1, A1.data(), N1); };
  Cases.push_back(
      {"increment_by_one", "increment_by_one_threadidx.py", 8.0 * N1, 0,
       ResetA1,
       [&] { increment_by_one_threadidx::increment_by_one[{G1, B1}](A1); },
       IncNvcc, OutA1});
  Cases.push_back({"increment_by_one", "increment_grid.py", 8.0 * N1, 0,
                   ResetA1,
                   [&] { increment_grid::increment_by_one[{G1, B1}](A1); },
                   IncNvcc, OutA1});

  // 2-d increment.
  auto H2 = hostData<float>(N2 * N2, 2);
  auto A2 = pykc::to_device(H2.data(), N2, N2);
  CUfunction Inc2F = anchor("increment_a_2D_array");
  Cases.push_back({"increment_a_2D_array", "increment_grid.py", 8.0 * N2 * N2,
                   0, [&] { A2.copy_to_device(H2); },
                   [&] { increment_grid::increment_a_2D_array[{G2, B2}](A2); },
                   [&] { launchAnchor(Inc2F, G2, B2, A2.data(), N2, N2); },
                   [&] { return checksum(A2.copy_to_host()); }});

  // copy_kernels.py's foo: int64 -> float64.
  auto HI = hostData<int64_t>(N1, 3);
  for (int64_t I = 0; I < N1; ++I)
    HI[I] = I % 100003 - 50000;
  auto In64 = pykc::to_device(HI);
  auto Out64 = pykc::device_array<double>(N1);
  std::vector<double> Zero64(N1, 0.0);
  CUfunction FooF = anchor("foo");
  Cases.push_back(
      {"foo", "copy_kernels.py", 16.0 * N1, 0,
       [&] { Out64.copy_to_device(Zero64); },
       [&] { copy_kernels::foo[{G1, B1}](In64, Out64); },
       [&] { launchAnchor(FooF, G1, B1, In64.data(), Out64.data()); },
       [&] { return checksum(Out64.copy_to_host()); }});

  // Matrix products, float32 in and out, double accumulation.
  auto HMA = hostData<float>(NM * NM, 4), HMB = hostData<float>(NM * NM, 5);
  auto MA = pykc::to_device(HMA.data(), NM, NM),
       MB = pykc::to_device(HMB.data(), NM, NM);
  auto MC = pykc::device_array<float>(NM, NM);
  std::vector<float> ZeroM(NM * NM, 0.0f);
  auto ResetC = [&] { MC.copy_to_device(ZeroM); };
  auto OutC = [&] { return checksum(MC.copy_to_host()); };
  double MBytes = 12.0 * NM * NM, MFlops = 2.0 * NM * NM * NM;
  CUfunction MatF = anchor("cuda_matmul"), FastF = anchor("fast_matmul");
  auto MatNvcc = [&] {
    launchAnchor(MatF, GM, B2, MA.data(), MB.data(), MC.data(), NM, NM, NM);
  };
  auto FastNvcc = [&] {
    launchAnchor(FastF, GM, B2, MA.data(), MB.data(), MC.data(), NM, NM, NM);
  };
  Cases.push_back({"cuda_matmul", "matmul.py", MBytes, MFlops, ResetC,
                   [&] { matmul::cuda_matmul[{GM, B2}](MA, MB, MC); }, MatNvcc,
                   OutC});
  Cases.push_back({"cuda_matmul1", "matmul.py", MBytes, MFlops, ResetC,
                   [&] { matmul::cuda_matmul1[{GM, B2}](MA, MB, MC); }, MatNvcc,
                   OutC});
  Cases.push_back({"cuda_fast_matmul", "matmul.py", MBytes, MFlops, ResetC,
                   [&] { matmul::cuda_fast_matmul[{GM, B2}](MA, MB, MC); },
                   FastNvcc, OutC});
  Cases.push_back({"fast_matmul", "fast_matmul.py", MBytes, MFlops, ResetC,
                   [&] { fast_matmul::fast_matmul[{GM, B2}](MA, MB, MC); },
                   FastNvcc, OutC});

  // saxpy.
  auto HX = hostData<float>(N1, 6), HY = hostData<float>(N1, 7);
  auto X = pykc::to_device(HX), Y = pykc::to_device(HY);
  auto SOut = pykc::device_array<float>(N1);
  std::vector<float> Zero1(N1, 0.0f);
  float Alpha = 2.5f;
  CUfunction SaxpyF = anchor("saxpy");
  Cases.push_back({"saxpy", "saxpy.py", 12.0 * N1, 2.0 * N1,
                   [&] { SOut.copy_to_device(Zero1); },
                   [&] { saxpy::saxpy[{G1, B1}](Alpha, X, Y, SOut); },
                   [&] {
                     launchAnchor(SaxpyF, G1, B1, Alpha, X.data(), Y.data(),
                                  SOut.data(), N1);
                   },
                   [&] { return checksum(SOut.copy_to_host()); }});

  // Five-point stencil and transpose over 8192 x 8192 float32.
  auto HU = hostData<float>(N2 * N2, 8);
  auto U = pykc::to_device(HU.data(), N2, N2);
  auto V = pykc::device_array<float>(N2, N2);
  std::vector<float> Zero2(N2 * N2, 0.0f);
  auto ResetV = [&] { V.copy_to_device(Zero2); };
  auto OutV = [&] { return checksum(V.copy_to_host()); };
  CUfunction JacobiF = anchor("jacobi5"), TransF = anchor("transpose");
  Cases.push_back(
      {"jacobi5", "stencil.py", 8.0 * N2 * N2, 4.0 * N2 * N2, ResetV,
       [&] { stencil::jacobi5[{G2, B2}](U, V); },
       [&] { launchAnchor(JacobiF, G2, B2, U.data(), V.data(), N2, N2); },
       OutV});
  const pykc::Dim3 GT{uint32_t(N2 / 32), uint32_t(N2 / 32)}, BT{32, 8};
  Cases.push_back(
      {"transpose", "transpose.py", 8.0 * N2 * N2, 0, ResetV,
       [&] { transpose::transpose[{GT, BT}](U, V); },
       [&] { launchAnchor(TransF, GT, BT, U.data(), V.data(), N2, N2); },
       OutV});

#if HAVE_HISTOGRAM
  // 256-bin histogram of 64 Mi bytes.
  std::vector<uint8_t> HBytes(N1);
  for (int64_t I = 0; I < N1; ++I)
    HBytes[I] = uint8_t((uint32_t(I) * 2654435761u) >> 24);
  auto Bytes = pykc::to_device(HBytes);
  auto Bins = pykc::device_array<int32_t>(256);
  std::vector<int32_t> ZeroBins(256, 0);
  CUfunction HistF = anchor("histogram");
  Cases.push_back(
      {"histogram", "histogram.py", 1.0 * N1, 0,
       [&] { Bins.copy_to_device(ZeroBins); },
       [&] { histogram::histogram[{G1, B1}](Bytes, Bins); },
       [&] { launchAnchor(HistF, G1, B1, Bytes.data(), Bins.data(), N1); },
       [&] { return checksum(Bins.copy_to_host()); }});
#endif

  std::printf("kernel,file,pykc_ms,nvcc_ms,pykc_over_nvcc,pykc_GBps,nvcc_GBps,"
              "pykc_GFLOPs,reps,pykc_checksum,nvcc_checksum,outputs_equal\n");
  for (Case &C : Cases) {
    // Outputs first: one launch each from the same inputs.
    C.Reset();
    C.Pykc();
    double PykcSum = C.Output();
    C.Reset();
    C.Nvcc();
    double NvccSum = C.Output();
    // Enough launches per sample for about 2 ms of work.
    double First = timeLaunches(C.Pykc, 1);
    int Reps = std::clamp(int(std::ceil(2.0 / std::max(First, 1e-3))), 1, 200);
    timeLaunches(C.Nvcc, Reps);
    std::vector<double> P, N;
    for (int R = 0; R < Rounds; ++R) {
      P.push_back(timeLaunches(C.Pykc, Reps));
      N.push_back(timeLaunches(C.Nvcc, Reps));
    }
    double Pm = median(P), Nm = median(N);
    std::printf("%s,%s,%.5f,%.5f,%.4f,%.1f,%.1f,%.1f,%d,%.17g,%.17g,%s\n",
                C.Name.c_str(), C.File.c_str(), Pm, Nm, Pm / Nm,
                C.Bytes / Pm / 1e6, C.Bytes / Nm / 1e6, C.Flops / Pm / 1e6,
                Reps, PykcSum, NvccSum, PykcSum == NvccSum ? "yes" : "NO");
    std::fflush(stdout);
  }
  return 0;
}
