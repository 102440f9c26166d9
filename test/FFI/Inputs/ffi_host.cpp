// A C++ program that launches kernels calling foreign device functions from
// a `pykc -c` object (object_host.test): functions.cu's code is inside the
// object, compiled for the host beside the kernels.
#include "ffi_kernels.h"

#include <cstdio>
#include <exception>
#include <vector>

int main() {
  try {
    auto X = pykc::to_device(std::vector<float>{1, 2, 3, 4});
    auto Y = pykc::to_device(std::vector<float>{0.5f, 0.5f, 0.5f, 0.5f});
    auto R = pykc::to_device(std::vector<float>(4, 0.0f));
    ffi_kernels::multiply_vectors[{1, 4}](R, X, Y);
    auto S = pykc::to_device(std::vector<float>(1, 0.0f));
    ffi_kernels::reduction_caller[{1, 1}](S, X);
    pykc::synchronize();
    for (float V : R.copy_to_host())
      std::printf("%g ", V);
    std::printf("| %g\n", S.copy_to_host()[0]);
  } catch (const std::exception &E) {
    std::printf("error: %s\n", E.what());
    return 2;
  }
  return 0;
}
