// An enum.Enum kernel parameter through a generated header: the module's
// enum class, passed as its member's value.
#include "enum_kernels.h"

#include <pykc/Runtime.h>

#include <cstdio>
#include <vector>

int main() {
  using enum_kernels::Color;
  auto Out = pykc::to_device(std::vector<bool>(5));
  for (Color B : {Color::red, Color::green}) {
    enum_kernels::compare[{1, 1}](Color::red, B, 2, Out);
    pykc::synchronize();
    std::vector<bool> Flags = Out.copy_to_host();
    std::printf("red vs %s:", B == Color::red ? "red" : "green");
    for (bool F : Flags)
      std::printf(" %d", int(F));
    std::printf("\n");
  }
  return 0;
}
