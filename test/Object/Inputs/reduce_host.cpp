// The typed reduction API a pykc -c header gives: the documents'
// sum_reduce and cuda_reduce on device arrays and host values, with init,
// size, res and a stream, as Numba's reduce takes them.
#include "reductions.h"

#include <pykc/Runtime.h>

#include <cstdint>
#include <cstdio>
#include <vector>

int main() {
  std::printf("device kind: %s\n",
              pykc::current_device().Kind == pykc::DeviceKind::CPU ? "cpu" : "cuda");

  // 1..100000 as int64: 5000050000.
  std::vector<int64_t> Ints(100000);
  for (size_t I = 0; I < Ints.size(); ++I)
    Ints[I] = int64_t(I) + 1;
  auto DInts = pykc::to_device(Ints);
  std::printf("sum int64 device: %lld\n", (long long)reductions::sum_reduce(DInts));
  std::printf("sum int64 host: %lld\n", (long long)reductions::sum_reduce(std::span<const int64_t>(Ints)));
  std::printf("sum int64 init=7 size=10: %lld\n",
              (long long)reductions::sum_reduce(DInts, {.init = 7, .size = 10}));
  std::printf("sum int64 size=0 init=3: %lld\n",
              (long long)reductions::sum_reduce(DInts, {.init = 3, .size = 0}));

  // float32 quarters: exact in any order.
  std::vector<float> Quarters(4099);
  for (size_t I = 0; I < Quarters.size(); ++I)
    Quarters[I] = float(int(I % 9) - 4) / 4.0f;
  auto DQuarters = pykc::to_device(Quarters);
  std::printf("sum float32: %g\n", double(reductions::sum_reduce(DQuarters)));
  // cuda_reduce on non-negative values is their sum.
  std::vector<float> Pos(1000, 0.5f);
  std::printf("cuda_reduce float32: %g\n", double(reductions::cuda_reduce(std::span<const float>(Pos))));

  // res: the result stays on the device, on a stream.
  pykc::Stream S;
  auto Res = pykc::device_array<int64_t>(1);
  int64_t Returned = reductions::sum_reduce(DInts, {.init = 0, .size = 100, .res = &Res, .stream = &S});
  S.synchronize();
  std::printf("res: %lld (returned %lld)\n", (long long)Res.copy_to_host()[0], (long long)Returned);
  return 0;
}
