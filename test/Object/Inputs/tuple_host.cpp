// Tuple kernel parameters through a generated header: std::tuple values,
// nested, and a tuple holding an array (as a reference).
#include "tuple_kernels.h"

#include <pykc/Runtime.h>

#include <cstdio>
#include <tuple>
#include <vector>

int main() {
  auto V = pykc::to_device(std::vector<float>{1, 2, 3, 4});
  auto Out = pykc::to_device(std::vector<double>(4));
  tuple_kernels::weigh[{1, 4}](std::tuple<int64_t, std::tuple<double, int32_t>>{1, {2.5, 3}},
                               std::forward_as_tuple(0.5f, V), Out);
  pykc::synchronize();
  std::vector<double> H = Out.copy_to_host();
  std::printf("weigh: %g %g %g %g\n", H[0], H[1], H[2], H[3]);
  return 0;
}
