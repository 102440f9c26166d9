// A user's program launching kernels compiled by pykc_add_kernels (or by
// `pykc -c` and linked with pkg-config; test/Install/run_install_test.sh).
#include "kernels.h"
#include "scale.h"
#include "shift.h"

#include <pykc/Runtime.h>

#include <cstdint>
#include <cstdio>
#include <exception>
#include <vector>

int main() try {
  std::printf("device: %s\n",
              pykc::deviceKindName(pykc::current_device().Kind));

  // saxpy: y = a * x + y, 10 elements in blocks of 4 threads.
  const int N = 10;
  std::vector<float> X(N), Y(N);
  for (int I = 0; I < N; ++I) {
    X[I] = float(I);
    Y[I] = 100.0f + float(I);
  }
  auto DX = pykc::to_device(X);
  auto DY = pykc::to_device(Y);
  kernels::saxpy[{(N + 3) / 4, 4}](2.0f, DX, DY);
  pykc::synchronize();
  DY.copy_to_host(Y);
  std::printf("saxpy:");
  for (float V : Y)
    std::printf(" %g", V);
  std::printf("\n");

  // index_2d: m[r, c] = r * 10 + c on a 3x5 C-order array, 2-d grid.
  auto M = pykc::device_array<int32_t>(3, 5);
  kernels::index_2d[{pykc::Dim3{1, 2}, pykc::Dim3{4, 4}}](M, int32_t(10));
  pykc::synchronize();
  std::vector<int32_t> Host = M.copy_to_host();
  std::printf("index_2d:\n");
  for (int R = 0; R < 3; ++R) {
    for (int C = 0; C < 5; ++C)
      std::printf(" %3d", Host[R * 5 + C]);
    std::printf("\n");
  }

  // scale (scale.py): a *= 0.5.
  auto A = pykc::to_device(std::vector<double>{1, 2, 3, 4, 5});
  scale::scale[{1, 32}](A, 0.5);
  pykc::synchronize();
  std::printf("scale:");
  for (double V : A.copy_to_host())
    std::printf(" %g", V);
  std::printf("\n");

  // shift (shift.py, namespace user::ops): a += 7.
  auto S = pykc::to_device(std::vector<int32_t>{0, 1, 2, 3});
  user::ops::shift[{1, 4}](S, int32_t(7));
  pykc::synchronize();
  std::printf("shift:");
  for (int32_t V : S.copy_to_host())
    std::printf(" %d", V);
  std::printf("\n");
  return 0;
} catch (const std::exception &E) {
  std::fprintf(stderr, "error: %s\n", E.what());
  return 1;
}
