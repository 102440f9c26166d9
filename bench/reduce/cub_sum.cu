// The anchor of bench/reduce: CUB's DeviceReduce::Sum over float32 values
// already on the device, built by nvcc -O3, behind a C interface so the
// benchmark (built by clang with pykc's runtime) can call it.
#include <cub/device/device_reduce.cuh>
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <vector>

extern "C" {

/// Sums N floats at In (a device pointer) Reps times, each run copying the
/// result back to *Host as a user would. Returns the median milliseconds
/// of one run (host wall clock, as reduce_bench times pykc), or -1 when a
/// CUDA call fails.
double cub_sum_median_ms(const float *In, int64_t N, int Reps, float *Host) {
  float *Out = nullptr;
  void *Temp = nullptr;
  size_t TempBytes = 0;
  if (cudaMalloc(&Out, sizeof(float)) != cudaSuccess)
    return -1;
  cub::DeviceReduce::Sum(nullptr, TempBytes, In, Out, N);
  if (cudaMalloc(&Temp, TempBytes) != cudaSuccess)
    return -1;
  std::vector<double> Times;
  for (int R = 0; R < Reps + 2; ++R) { // two warm-up runs
    auto T0 = std::chrono::steady_clock::now();
    cub::DeviceReduce::Sum(Temp, TempBytes, In, Out, N);
    cudaMemcpy(Host, Out, sizeof(float), cudaMemcpyDeviceToHost); // waits for the sum
    if (R >= 2)
      Times.push_back(
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - T0).count());
  }
  cudaFree(Temp);
  cudaFree(Out);
  if (cudaGetLastError() != cudaSuccess)
    return -1;
  std::sort(Times.begin(), Times.end());
  return Times[Times.size() / 2];
}
}
