// Launches kernels of a module compiled in GPU groups through its header,
// on whatever CUDA driver is found (the tests give it fake_cuda.cpp), after
// printing the group the module's table puts each in.
#include "many.h"

#include <pykc/Runtime.h>

#include <cstdio>
#include <cstring>
#include <vector>

static void printGroup(const char *Name) {
  const pykc_module_image &M = many::compiled_module().image();
  for (uint32_t K = 0; K < M.num_kernels; ++K)
    if (std::strcmp(M.kernels[K].name, Name) == 0)
      std::fprintf(stderr, "table: %s in group %u of %u\n", Name, M.kernels[K].gpu_group,
                   M.num_gpu_groups);
}

int main() try {
  std::fprintf(stderr, "device: %s\n", pykc::deviceKindName(pykc::current_device().Kind));
  for (const char *Name : {"kernel_0", "kernel_3", "kernel_39"})
    printGroup(Name);
  std::vector<float> X(64, 1.0f), Out(64, 0.0f);
  auto DX = pykc::to_device(X), DOut = pykc::to_device(Out);
  many::kernel_0[{2, 32}](DOut, DX);
  many::kernel_3[{2, 32}](DOut, DX);
  many::kernel_39[{2, 32}](DOut, DX);
  pykc::synchronize();
  std::fprintf(stderr, "launched 3 kernels\n");
} catch (const pykc::Error &E) {
  std::fprintf(stderr, "error: %s\n", E.what());
  return 1;
}
