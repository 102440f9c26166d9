// A C++ host of an object built with `pykc -c --check`: run with
// PYKC_CHECK=1 its launches are checked (check_host.test). It copies only
// half of a device_array in, so the copy kernel reads elements nothing
// wrote, and counts keys into global bins without atomics.
#include "checked.h"

#include <cstdint>
#include <cstdio>
#include <exception>
#include <vector>

int main() {
  try {
    auto Src = pykc::device_array<float>(64), Dst = pykc::device_array<float>(64);
    std::vector<float> Half(32, 1.0f);
    pykc::copyHostToDevice(Src.device(), Src.data(), Half.data(), Half.size() * sizeof(float));
    checked::copy[{2, 32}](Src, Dst);
    std::vector<int64_t> KeysHost(64);
    for (int64_t I = 0; I < 64; ++I)
      KeysHost[size_t(I)] = I;
    auto Keys = pykc::to_device(KeysHost);
    auto Bins = pykc::to_device(std::vector<int32_t>(4, 0));
    checked::count_plain[{2, 32}](Keys, Bins);
    std::printf("launched both\n");
  } catch (const std::exception &E) {
    std::printf("error: %s\n", E.what());
    return 2;
  }
  return 0;
}
