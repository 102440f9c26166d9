// Reads a -c object's module table (pykc/ModuleABI.h) as a hand-written
// driver would, for a file compiled in GPU groups: how many groups, which
// group each kernel is in, what images each group has, and whether every
// kernel's PTX entry is in its own group's images and in no other's (the
// runtime looks a kernel up in the module of its group alone).
#include <pykc/ModuleABI.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

extern "C" const pykc_module_image pykc_module_many;

static bool holdsEntry(const pykc_gpu_image &I, const char *Symbol) {
  // PTX is text; a fatbin made with --compress-mode=none holds its PTX as
  // text too. The '(' keeps kernel_1 from matching kernel_10.
  std::string Needle = std::string(".entry ") + Symbol + "(";
  return memmem(I.data, I.size, Needle.data(), Needle.size()) != nullptr;
}

int main() {
  static const char *Kinds[] = {"ptx", "cubin", "fatbin"};
  const pykc_module_image &M = pykc_module_many;
  std::printf("groups: %u\n", M.num_gpu_groups);
  std::vector<unsigned> Sizes(M.num_gpu_groups);
  for (uint32_t K = 0; K < M.num_kernels; ++K)
    if (M.kernels[K].gpu_group < M.num_gpu_groups)
      ++Sizes[M.kernels[K].gpu_group];
  for (uint32_t G = 0; G < M.num_gpu_groups; ++G) {
    std::printf("group %u: %u kernels; images:", G, Sizes[G]);
    for (uint32_t I = 0; I < M.num_images; ++I)
      if (M.images[I].group == G)
        std::printf(" %s %s", Kinds[M.images[I].kind], M.images[I].arch);
    std::printf("\n");
  }
  unsigned Misplaced = 0;
  for (uint32_t K = 0; K < M.num_kernels; ++K) {
    const pykc_kernel_entry &E = M.kernels[K];
    for (uint32_t I = 0; I < M.num_images; ++I) {
      const pykc_gpu_image &Image = M.images[I];
      if (Image.kind == PYKC_IMAGE_CUBIN)
        continue; // SASS: ELF, no PTX text to look in
      if (holdsEntry(Image, E.symbol) != (Image.group == E.gpu_group)) {
        std::printf("misplaced: %s (group %u) in image %u (group %u)\n", E.symbol, E.gpu_group,
                    I, Image.group);
        ++Misplaced;
      }
    }
  }
  std::printf("kernels: %u, misplaced: %u\n", M.num_kernels, Misplaced);
  return Misplaced != 0;
}
