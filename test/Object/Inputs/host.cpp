// A C++ host of the generated objects, as a user writes one: typed launches
// through the headers, the module table read back through ModuleABI.h, and
// the errors a launch reports. `host images` prints only the GPU images.
#include "saxpy.h"
#include "twin.h"

#include <pykc/Runtime.h>

#include <cstdio>
#include <cstring>
#include <vector>

static void printTable(const pykc::Module &M) {
  const pykc_module_image &I = M.image();
  std::printf("module %s from %s: %u kernels\n", I.name, I.source, I.num_kernels);
  for (uint32_t K = 0; K < I.num_kernels; ++K) {
    const pykc_kernel_entry &E = I.kernels[K];
    std::printf("kernel %u: %s%s symbol=%s slots=%u barrier=%u cpu=%s params=", K, E.name,
                E.signature, E.symbol, E.num_slots, E.cpu_uses_barrier,
                E.cpu_thread ? (E.cpu_blocks ? "thread+blocks" : "thread") : "none");
    for (uint32_t P = 0; P < E.num_params; ++P)
      std::printf("%s%s:%s", P ? "," : "", E.param_names[P], E.param_types[P]);
    std::printf("\n");
  }
}

static void printImages(const pykc::Module &M) {
  static const char *Kinds[] = {"ptx", "cubin", "fatbin"};
  const pykc_module_image &I = M.image();
  std::printf("module %s: %u images\n", I.name, I.num_images);
  for (uint32_t K = 0; K < I.num_images; ++K) {
    const pykc_gpu_image &G = I.images[K];
    bool Nul = G.kind != PYKC_IMAGE_PTX || static_cast<const char *>(G.data)[G.size] == '\0';
    std::printf("image %u: %s %s sm=%u nonempty=%d nul=%d", K, Kinds[G.kind], G.arch, G.sm,
                G.size > 0, Nul);
    if (G.kind == PYKC_IMAGE_CUBIN) // GPU code is an ELF file
      std::printf(" elf=%d", G.size >= 4 && std::memcmp(G.data, "\x7f" "ELF", 4) == 0);
    std::printf("\n");
  }
}

template <typename F> static void expectError(const char *What, F &&Launch) {
  try {
    Launch();
    std::printf("%s: no error\n", What);
  } catch (const pykc::Error &E) {
    std::printf("%s: %s\n", What, E.what());
  }
}

int main(int Argc, char **Argv) {
  if (Argc > 1 && std::strcmp(Argv[1], "images") == 0) {
    printImages(saxpy::compiled_module());
    printImages(twin::compiled_module());
    return 0;
  }
  std::printf("device kind: %s\n", pykc::deviceKindName(pykc::current_device().Kind));
  printTable(saxpy::compiled_module());
  printTable(twin::compiled_module());

  // saxpy: y = 2 x + y.
  std::vector<float> X(1000), Y(1000, 1.0f);
  for (int I = 0; I < 1000; ++I)
    X[I] = float(I);
  auto DX = pykc::to_device(X), DY = pykc::to_device(Y);
  pykc::Stream S;
  saxpy::saxpy[{(1000 + 127) / 128, 128, 0, S}](2.0f, DX, DY);
  S.synchronize();
  DY.copy_to_host(Y);
  int Bad = 0;
  for (int I = 0; I < 1000; ++I)
    Bad += Y[I] != 2.0f * I + 1.0f;
  std::printf("saxpy: y[0]=%g y[1]=%g y[999]=%g, %d wrong\n", Y[0], Y[1], Y[999], Bad);

  // scale_rows, C and Fortran order: m[i, j] = 2 m[i, j] * factors[i].
  auto Factors = pykc::to_device(std::vector<float>{1, 2, 3});
  for (pykc::Order O : {pykc::Order::C, pykc::Order::F}) {
    std::vector<float> Host(12);
    for (int I = 0; I < 3; ++I)
      for (int J = 0; J < 4; ++J)
        Host[O == pykc::Order::C ? I * 4 + J : J * 3 + I] = float(I * 4 + J);
    auto M = pykc::to_device(Host.data(), std::array<int64_t, 2>{3, 4}, O);
    saxpy::scale_rows[{1, pykc::Dim3{4, 4}}](M, Factors);
    M.copy_to_host(Host);
    std::printf("scale_rows %s:", O == pykc::Order::C ? "C" : "F");
    for (int I = 0; I < 3; ++I)
      for (int J = 0; J < 4; ++J)
        std::printf(" %g", Host[O == pykc::Order::C ? I * 4 + J : J * 3 + I]);
    std::printf("\n");
  }

  // block_sum: shared memory and cuda.syncthreads().
  std::vector<float> In(200);
  for (int I = 0; I < 200; ++I)
    In[I] = float(I);
  auto DIn = pykc::to_device(In);
  auto DOut = pykc::device_array<float>(4);
  saxpy::block_sum[{4, 64}](DIn, DOut);
  pykc::synchronize();
  std::vector<float> Sums = DOut.copy_to_host();
  std::printf("block_sum: %g %g %g %g\n", Sums[0], Sums[1], Sums[2], Sums[3]);

  // The other module's kernel of the same name.
  auto Ints = pykc::to_device(std::vector<int64_t>{5, 6, 7});
  twin::saxpy[{1, 32}](Ints);
  std::vector<int64_t> IntsHost = Ints.copy_to_host();
  std::printf("twin::saxpy: %lld %lld %lld\n", (long long)IntsHost[0], (long long)IntsHost[1],
              (long long)IntsHost[2]);

  auto FOrder = pykc::device_array<float>(std::array<int64_t, 2>{3, 4}, pykc::Order::F);
  expectError("C-only signature, Fortran array", [&] {
    saxpy::scale_rows__float32_2dC_float32_1dA[{1, 16}](FOrder, Factors);
  });
  expectError("oversized block", [&] { saxpy::saxpy[{1, 2048}](1.0f, DX, DY); });
  expectError("negative grid", [&] {
    int Blocks = -1;
    saxpy::saxpy[{Blocks, 32}](1.0f, DX, DY);
  });
  return 0;
}
