// Launches kernels of a module compiled in GPU groups through its header,
// on whatever device there is (the tests give it a GPU, the CPU backend, or
// fake_cuda.cpp, which runs nothing), after printing the group the
// module's table puts each in. `host values` also prints what each kernel
// wrote.
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

static void printValues(const char *Name, pykc::DeviceArray<float, 1> &Out) {
  std::vector<float> Host(Out.size());
  Out.copy_to_host(Host);
  std::fprintf(stderr, "%s: %g %g %g %g\n", Name, Host[0], Host[1], Host[2], Host[3]);
}

int main(int Argc, char **Argv) try {
  bool Values = Argc > 1 && std::strcmp(Argv[1], "values") == 0;
  std::fprintf(stderr, "device: %s\n", pykc::deviceKindName(pykc::current_device().Kind));
  for (const char *Name : {"kernel_0", "kernel_3", "kernel_39"})
    printGroup(Name);
  // One block of 64 threads: kernel_3 and kernel_39 read their 64-element
  // shared tile back to front.
  std::vector<float> X(64, 1.0f), Out(64, 0.0f);
  auto DX = pykc::to_device(X), DOut = pykc::to_device(Out);
  many::kernel_0[{1, 64}](DOut, DX);
  if (Values)
    printValues("kernel_0", DOut);
  many::kernel_3[{1, 64}](DOut, DX);
  if (Values)
    printValues("kernel_3", DOut);
  many::kernel_39[{1, 64}](DOut, DX);
  if (Values)
    printValues("kernel_39", DOut);
  pykc::synchronize();
  std::fprintf(stderr, "launched 3 kernels\n");
} catch (const pykc::Error &E) {
  std::fprintf(stderr, "error: %s\n", E.what());
  return 1;
}
