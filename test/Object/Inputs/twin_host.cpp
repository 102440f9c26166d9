// Runs twin.py's kernel once on the default device and prints the result:
// the host of image_choice_cuda.test, which builds it against objects with
// different sets of GPU images.
#include "twin.h"

#include <pykc/Runtime.h>

#include <cstdio>
#include <vector>

int main() {
  std::vector<int64_t> Host{5, 6, 7};
  auto Ints = pykc::to_device(Host);
  twin::saxpy[{1, 32}](Ints);
  Ints.copy_to_host(Host);
  std::printf("%s: %lld %lld %lld\n", pykc::current_device().Name.c_str(),
              (long long)Host[0], (long long)Host[1], (long long)Host[2]);
  return 0;
}
