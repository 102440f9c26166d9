//===- bench/cpu_backend/versions_host.cpp - CPU versions' launch times ---===//
//
// Launches versions_kernels.py's kernels from two objects of the same file,
// one built for the default --host-cpu x86-64 (namespace baseline) and one
// for x86-64,x86-64-v3 (namespace versions), on the CPU backend, and
// prints the median of 15 launches of each, in ms, as CSV rows: kernel,
// elements, object, ms. Both objects must compute the same bits; the
// program checks that and fails otherwise.
//
//===----------------------------------------------------------------------===//
#include "baseline.h"
#include "versions.h"

#include <pykc/Runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <vector>

namespace {

template <typename Launch> double medianMs(Launch &&L) {
  std::vector<double> Ms;
  for (int R = 0; R < 15; ++R) {
    auto Start = std::chrono::steady_clock::now();
    L();
    pykc::synchronize();
    Ms.push_back(
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - Start)
            .count());
  }
  std::sort(Ms.begin(), Ms.end());
  return Ms[Ms.size() / 2];
}

} // namespace

int main() {
  const size_t N = size_t(1) << 24;
  const int Threads = 256, Blocks = int((N + Threads - 1) / Threads);
  std::vector<float> X(N), Y(N);
  for (size_t I = 0; I < N; ++I) {
    X[I] = float(I % 1000) * 0.001f;
    Y[I] = float(I % 7);
  }
  auto DX = pykc::to_device(X), DY = pykc::to_device(Y);
  auto A = pykc::to_device(std::vector<float>(N)), B = pykc::to_device(std::vector<float>(N));
  std::vector<float> OutA(N), OutB(N);
  bool Same = true;
  auto Compare = [&](const char *Kernel) {
    A.copy_to_host(OutA);
    B.copy_to_host(OutB);
    if (std::memcmp(OutA.data(), OutB.data(), N * sizeof(float)) != 0) {
      std::fprintf(stderr, "versions: %s: the two objects' results differ\n", Kernel);
      Same = false;
    }
  };
  std::printf("kernel,elements,object,ms\n");
  std::printf("saxpy,%zu,x86-64,%.3f\n", N,
              medianMs([&] { baseline::saxpy[{Blocks, Threads}](2.0f, DX, DY, A); }));
  std::printf("saxpy,%zu,x86-64+v3,%.3f\n", N,
              medianMs([&] { versions::saxpy[{Blocks, Threads}](2.0f, DX, DY, B); }));
  Compare("saxpy");
  std::printf("steps,%zu,x86-64,%.3f\n", N,
              medianMs([&] { baseline::steps[{Blocks, Threads}](DX, A); }));
  std::printf("steps,%zu,x86-64+v3,%.3f\n", N,
              medianMs([&] { versions::steps[{Blocks, Threads}](DX, B); }));
  Compare("steps");
  return Same ? 0 : 1;
}
