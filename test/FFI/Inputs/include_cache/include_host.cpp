// Runs include_kernels.py's scale_all from a `pykc -c` object
// (include_cache.test) and prints the results on one line.
#include "include_kernels.h"

#include <cstdio>
#include <exception>
#include <vector>

int main() {
  try {
    auto X = pykc::to_device(std::vector<float>{1, 2, 3, 4});
    auto R = pykc::to_device(std::vector<float>(4, 0.0f));
    include_kernels::scale_all[{1, 4}](R, X);
    pykc::synchronize();
    for (float V : R.copy_to_host())
      std::printf("%g ", V);
    std::printf("\n");
  } catch (const std::exception &E) {
    std::printf("error: %s\n", E.what());
    return 2;
  }
  return 0;
}
