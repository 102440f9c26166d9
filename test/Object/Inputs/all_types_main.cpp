// Launches the kernels of all_types.py: every scalar type, and none.
#include "all_types.h"

#include <cstdio>

int main() {
  auto Cube = pykc::device_array<float>(1, 1, 1);
  auto D = pykc::device_array<double>(1);
  all_types::every_type[{1, 1}](true, -1, 2, -3, 4, -5, 6, -7, 8, 0.5f, 0.25, Cube);
  all_types::delete_[{1, 1}](D, 42);
  all_types::nothing[{2, 2}]();
  std::printf("%g %g\n", Cube.copy_to_host()[0], D.copy_to_host()[0]);
}
