// Reads a -c object's table of GPU images (pykc/ModuleABI.h) after the
// link, as the runtime does: for each image its kind, architectures and
// size, whether a NUL follows a PTX image (the driver wants one), the
// first bytes of a binary one, and its bytes into DIR/image-N.bin for the
// test to compare with what pykc emits alone.
#include <pykc/ModuleABI.h>

#include <cstdio>
#include <string>

extern "C" const pykc_module_image pykc_module_two;

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  static const char *Kinds[] = {"ptx", "cubin", "fatbin"};
  const pykc_module_image &M = pykc_module_two;
  std::printf("images: %u\n", M.num_images);
  for (uint32_t I = 0; I < M.num_images; ++I) {
    const pykc_gpu_image &Image = M.images[I];
    const unsigned char *Bytes = static_cast<const unsigned char *>(Image.data);
    std::printf("image %u: %s %s group %u, %s", I, Kinds[Image.kind], Image.arch, Image.group,
                Image.size ? "bytes" : "empty");
    if (Image.kind == PYKC_IMAGE_PTX)
      std::printf(", NUL after: %s\n", Bytes[Image.size] == 0 ? "yes" : "no");
    else
      std::printf(", starts %02x%02x%02x%02x\n", Bytes[0], Bytes[1], Bytes[2], Bytes[3]);
    std::string Path = std::string(argv[1]) + "/image-" + std::to_string(I) + ".bin";
    FILE *F = std::fopen(Path.c_str(), "wb");
    if (!F || std::fwrite(Image.data, 1, Image.size, F) != Image.size || std::fclose(F))
      return 1;
  }
  return 0;
}
