// A C++ host launching a kernel over 4-d arrays through the header pykc -c
// writes: DeviceArray<double, 4> carries shape and strides like the lower
// ranks do.
#include "rank_n.h"

#include <cstdio>
#include <vector>

int main() {
  std::vector<double> X(2 * 3 * 4 * 5);
  for (size_t I = 0; I < X.size(); ++I)
    X[I] = double(I);
  auto DX = pykc::device_array<double>(2, 3, 4, 5);
  DX.copy_to_device(X);
  auto DOut = pykc::device_array<double>(2, 3, 4, 5);
  rank_n::stamp4[{{1, 1}, {2, 3}}](DX, DOut);
  std::vector<double> Out = DOut.copy_to_host();
  std::printf("%g %g %g\n", Out[0], Out[1], Out[Out.size() - 1]);
}
