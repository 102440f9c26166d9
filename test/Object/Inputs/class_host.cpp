// Kernels of class bodies through a generated header: Ops.scale is
// class_kernels::Ops::scale, with its per-signature objects beside it.
#include "class_kernels.h"

#include <pykc/Runtime.h>

#include <cstdio>
#include <vector>

int main() {
  namespace k = class_kernels;
  auto X = pykc::to_device(std::vector<double>{1, 2, 3, 4});
  k::Ops::scale[{1, 4}](X, 2.5);
  auto Y = pykc::to_device(std::vector<float>{1, 2, 3, 4});
  k::Ops::scale__float32_1dA_float32[{1, 4}](Y, 0.5f);
  auto Out = pykc::to_device(std::vector<float>(4));
  k::Ops::add[{1, 4}](Y, Y, Out);
  const int32_t Rows[] = {1, 2, 3, 4, 5, 6};
  auto A = pykc::to_device(Rows, 2, 3);
  auto Sums = pykc::to_device(std::vector<int64_t>(3));
  k::Reductions::row_sum[{1, 2}](A, Sums);
  k::iota[{1, 3}](Sums);
  pykc::synchronize();
  for (double V : X.copy_to_host())
    std::printf("%g ", V);
  std::printf("\n");
  for (float V : Out.copy_to_host())
    std::printf("%g ", V);
  std::printf("\n");
  for (int64_t V : Sums.copy_to_host())
    std::printf("%lld ", (long long)V);
  std::printf("\n");
  const pykc_module_image &I = k::compiled_module().image();
  for (uint32_t E = 0; E < I.num_kernels; ++E)
    std::printf("kernel %s symbol %s\n", I.kernels[E].name, I.kernels[E].symbol);
  return 0;
}
