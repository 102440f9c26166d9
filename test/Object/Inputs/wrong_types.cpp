// Launches that must not compile: the header's call operators take exactly
// the C++ types of the kernel's signatures. One error per -D case.
#include "saxpy.h"

int main() {
  auto Floats = pykc::device_array<float>(8);
  auto Ints = pykc::device_array<int32_t>(8);
  auto Matrix = pykc::device_array<float>(2, 4);
#if defined(WRONG_DTYPE)
  saxpy::saxpy[{1, 8}](2.0f, Ints, Floats);
#elif defined(WRONG_NDIM)
  saxpy::saxpy[{1, 8}](2.0f, Matrix, Floats);
#elif defined(TOO_FEW)
  saxpy::saxpy[{1, 8}](Floats, Floats);
#elif defined(TOO_MANY)
  saxpy::saxpy[{1, 8}](2.0f, Floats, Floats, Floats);
#elif defined(NO_CONFIG)
  saxpy::saxpy(2.0f, Floats, Floats);
#elif defined(DEVICE_FUNCTION)
  saxpy::twice[{1, 8}](Floats);
#endif
  (void)Floats, (void)Ints, (void)Matrix;
}
