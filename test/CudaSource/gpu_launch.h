//===- gpu_launch.h - Runs an emitted kernel on a GPU, for testing --------===//
//
// Test-only: what a main() built by nvcc needs to launch a kernel written
// by `pykc --emit=cuda` on a real GPU with the CUDA runtime, its arrays
// read from and written back to files (test/Differential/emitted_cuda.py
// with --emitted-on gpu).
//
//===----------------------------------------------------------------------===//
#pragma once

#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

inline void pykc_gpu_check(cudaError_t e, const char *what) {
  if (e != cudaSuccess) {
    std::fprintf(stderr, "gpu_launch.h: %s: %s (%s)\n", what, cudaGetErrorName(e),
                 cudaGetErrorString(e));
    std::exit(3);
  }
}

/// The file's \p bytes on the device.
inline void *pykc_gpu_load(const char *path, size_t bytes) {
  std::vector<unsigned char> host(bytes ? bytes : 1);
  FILE *f = std::fopen(path, "rb");
  if (!f || std::fread(host.data(), 1, bytes, f) != bytes) {
    std::fprintf(stderr, "gpu_launch.h: cannot read %zu bytes from %s\n", bytes, path);
    std::exit(2);
  }
  std::fclose(f);
  void *device = nullptr;
  pykc_gpu_check(cudaMalloc(&device, bytes ? bytes : 1), "cudaMalloc");
  pykc_gpu_check(cudaMemcpy(device, host.data(), bytes, cudaMemcpyHostToDevice), "cudaMemcpy to the device");
  return device;
}

inline void pykc_gpu_store(const char *path, const void *device, size_t bytes) {
  std::vector<unsigned char> host(bytes ? bytes : 1);
  pykc_gpu_check(cudaMemcpy(host.data(), device, bytes, cudaMemcpyDeviceToHost), "cudaMemcpy to the host");
  FILE *f = std::fopen(path, "wb");
  if (!f || std::fwrite(host.data(), 1, bytes, f) != bytes) {
    std::fprintf(stderr, "gpu_launch.h: cannot write %s\n", path);
    std::exit(2);
  }
  std::fclose(f);
}

/// Launches \p kernel with \p args (pointers to each parameter's value),
/// cooperatively when it syncs the grid, and waits for it.
inline void pykc_gpu_launch(const void *kernel, dim3 grid, dim3 block, size_t shared, bool cooperative,
                            void **args) {
  pykc_gpu_check(cooperative ? cudaLaunchCooperativeKernel(kernel, grid, block, args, shared, 0)
                             : cudaLaunchKernel(kernel, grid, block, args, shared, 0),
                 cooperative ? "cudaLaunchCooperativeKernel" : "cudaLaunchKernel");
  pykc_gpu_check(cudaDeviceSynchronize(), "the kernel");
}
