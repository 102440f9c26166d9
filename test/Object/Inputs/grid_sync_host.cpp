// A C++ host of kernels that synchronize their grid: the module table marks
// them cooperative, launches through the header run every block at once,
// and a grid too large to be resident is refused with the limit.
#include "grid_sync.h"

#include <pykc/Runtime.h>

#include <cstdio>
#include <vector>

int main() {
  const pykc_module_image &I = grid_sync::compiled_module().image();
  for (uint32_t K = 0; K < I.num_kernels; ++K)
    std::printf("kernel %s: cooperative=%u\n", I.kernels[K].name,
                (I.kernels[K].flags & PYKC_KERNEL_COOPERATIVE) ? 1u : 0u);

  const int64_t Rows = 12, Cols = 256;
  std::vector<int32_t> Host(Rows * Cols, 0);
  auto M = pykc::to_device(Host.data(), std::array<int64_t, 2>{Rows, Cols}, pykc::Order::C);
  auto Total = pykc::device_array<int64_t>(1);
  grid_sync::rows_then_total[{8, 32}](M, Total);
  pykc::synchronize();
  M.copy_to_host(Host);
  int Bad = 0;
  for (int64_t R = 0; R < Rows; ++R)
    for (int64_t C = 0; C < Cols; ++C)
      Bad += Host[R * Cols + C] != R;
  std::printf("rows_then_total: total=%lld, %d wrong\n",
              (long long)Total.copy_to_host()[0], Bad);

  try {
    auto Wide = pykc::device_array<int32_t>(std::array<int64_t, 2>{2, 2000 * 32});
    grid_sync::rows_then_total[{2000, 32}](Wide, Total);
    pykc::synchronize();
    std::printf("2000 blocks: no error\n");
  } catch (const pykc::Error &E) {
    std::printf("2000 blocks: %s\n", E.what());
  }
}
