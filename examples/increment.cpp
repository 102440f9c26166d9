//===- examples/increment.cpp - The documents' increment kernels ----------===//
//
// Reproduces, with the kernels compiled by `pykc -c`:
//
//  1. 000_37e0919c94caff2e.txt, first cell: increment_by_one (threadIdx
//     version, increment_by_one_threadidx.py) on cp.ones(10000, float32)
//     with 512 threads per block, timed with `%timeit -n 10` (7 runs).
//  2. the same document's second cell: increment_a_2D_array
//     (increment_grid.py) on a 1000x1000 float32 array of random numbers in
//     [0, 1), 16x16 blocks, one launch then `%timeit -n 100` (7 runs).
//  3. 004_ba33eed660bc58cf.txt: increment_by_one (cuda.grid version,
//     increment_grid.py) on np.array([3, 5, 9, 13, 7, 2, 4, 1]) (int64) with
//     4 threads per block, printing threadsperblock, blockspergrid and the
//     array: "4", "2", "[ 4  6 10 14  8  3  5  2]".
//
// Each kernel adds 1 to every element once per launch, so after L launches
// element i must equal its start value plus 1, L times over (computed here
// with the kernels' own float32 arithmetic); the program checks every
// element and exits with status 1 if one differs.
//
//===----------------------------------------------------------------------===//
#include "increment_by_one_threadidx.h"
#include "increment_grid.h"

#include "common/banner.h"
#include "common/numpy_print.h"
#include "common/timeit.h"

#include <pykc/Runtime.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <random>
#include <vector>

namespace {

/// What `an_array[pos] += 1` leaves in a float32 element after Launches
/// launches: Numba adds in float64 (float32 + int64) and stores float32.
float incremented(float Start, int Launches) {
  float V = Start;
  for (int I = 0; I < Launches; ++I)
    V = float(double(V) + 1.0);
  return V;
}

/// Prints the check of Got against Want and returns whether all matched.
template <typename T>
bool check(const std::vector<T> &Got, const std::vector<T> &Want,
           int Launches, const char *Expected) {
  size_t Bad = 0, First = 0;
  for (size_t I = 0; I < Got.size(); ++I)
    if (Got[I] != Want[I] && Bad++ == 0)
      First = I;
  if (Bad == 0) {
    std::printf("check: %d launch%s, every one of the %zu elements equals %s: "
                "PASS\n",
                Launches, Launches == 1 ? "" : "es", Got.size(), Expected);
    return true;
  }
  std::printf("check: %d launch%s, %zu of the %zu elements differ from %s "
              "(first at flat index %zu: %s, expected %s): FAIL\n",
              Launches, Launches == 1 ? "" : "es", Bad, Got.size(), Expected,
              First, std::to_string(Got[First]).c_str(),
              std::to_string(Want[First]).c_str());
  return false;
}

/// Document 000, first cell.
bool threadIdxIncrement() {
  std::printf("\n== 000_37e0919c94caff2e.txt, cell 1: increment_by_one "
              "(increment_by_one_threadidx.py)\n");
  std::printf("an_array = cp.ones(10000, dtype=cp.float32)\n");
  std::vector<float> Host(10000, 1.0f);
  auto AnArray = pykc::to_device(Host);
  int ThreadsPerBlock = 512;
  int BlocksPerGrid =
      (int(AnArray.size()) + (ThreadsPerBlock - 1)) / ThreadsPerBlock;
  std::printf("threadsperblock = %d, blockspergrid = %d\n", ThreadsPerBlock,
              BlocksPerGrid);

  const int Repeat = 7, Number = 10; // %timeit's default -r 7; -n 10
  std::printf("%%timeit -n %d increment_by_one[blockspergrid, "
              "threadsperblock](an_array)\n",
              Number);
  auto T = examples::timeit(
      [&] {
        increment_by_one_threadidx::increment_by_one[{BlocksPerGrid,
                                                      ThreadsPerBlock}](
            AnArray);
      },
      Repeat, Number);
  examples::print_timeit(T);

  int Launches = Repeat * Number;
  AnArray.copy_to_host(Host);
  std::printf("print(an_array)\n%s\n", examples::numpy_str(Host).c_str());
  std::vector<float> Want(Host.size(), incremented(1.0f, Launches));
  return check(Host, Want, Launches, "1 + 70 = 71.0");
}

/// Document 000, second cell.
bool grid2DIncrement() {
  std::printf("\n== 000_37e0919c94caff2e.txt, cell 2: increment_a_2D_array "
              "(increment_grid.py)\n");
  // cp.random.random((1000, 1000), dtype=cp.float32): uniform in [0, 1).
  // The numbers come from std::mt19937 (seed 2024), not CuPy's generator,
  // so the program prints the same array everywhere.
  const int64_t Rows = 1000, Cols = 1000;
  std::printf("an_array = cp.random.random((%lld, %lld), dtype=cp.float32)  "
              "# std::mt19937(2024), 24-bit uniform floats in [0, 1)\n",
              (long long)Rows, (long long)Cols);
  std::mt19937 Gen(2024);
  std::vector<float> Start(size_t(Rows * Cols));
  for (float &V : Start)
    V = float(Gen() >> 8) * 0x1p-24f;
  auto AnArray = pykc::to_device(Start.data(), Rows, Cols);

  pykc::Dim3 ThreadsPerBlock{16, 16};
  pykc::Dim3 BlocksPerGrid{
      uint32_t(std::ceil(double(Rows) / ThreadsPerBlock.x)),
      uint32_t(std::ceil(double(Cols) / ThreadsPerBlock.y))};
  std::printf("threadsperblock = (%u, %u), blockspergrid = (%u, %u)\n",
              ThreadsPerBlock.x, ThreadsPerBlock.y, BlocksPerGrid.x,
              BlocksPerGrid.y);

  std::printf("increment_a_2D_array[blockspergrid, threadsperblock](an_array)"
              "\n");
  increment_grid::increment_a_2D_array[{BlocksPerGrid, ThreadsPerBlock}](
      AnArray);
  const int Repeat = 7, Number = 100;
  std::printf("%%timeit -n %d increment_a_2D_array[blockspergrid, "
              "threadsperblock](an_array)\n",
              Number);
  auto T = examples::timeit(
      [&] {
        increment_grid::increment_a_2D_array[{BlocksPerGrid,
                                              ThreadsPerBlock}](AnArray);
      },
      Repeat, Number);
  examples::print_timeit(T);

  int Launches = 1 + Repeat * Number;
  std::vector<float> Host;
  AnArray.copy_to_host(Host);
  std::printf("print(an_array)\n%s\n",
              examples::numpy_str(Host, Rows, Cols).c_str());
  std::vector<float> Want(Start.size());
  for (size_t I = 0; I < Start.size(); ++I)
    Want[I] = incremented(Start[I], Launches);
  return check(Host, Want, Launches,
               "its start value + 701 (1 + 700 launches, in float32)");
}

/// Document 004.
bool int64Increment() {
  std::printf("\n== 004_ba33eed660bc58cf.txt, In [8]: increment_by_one "
              "(increment_grid.py) on int64\n");
  std::printf("my_array = np.array([3, 5, 9, 13, 7, 2, 4, 1])\n");
  std::vector<int64_t> MyArray = {3, 5, 9, 13, 7, 2, 4, 1};
  auto Device = pykc::to_device(MyArray);
  int ThreadsPerBlock = 4;
  int BlocksPerGrid =
      int(std::ceil(double(MyArray.size()) / ThreadsPerBlock));
  increment_grid::increment_by_one[{BlocksPerGrid, ThreadsPerBlock}](Device);
  pykc::synchronize();
  std::vector<int64_t> Start = MyArray;
  Device.copy_to_host(MyArray);

  std::printf("%d\n%d\n%s\n", ThreadsPerBlock, BlocksPerGrid,
              examples::numpy_str(MyArray).c_str());
  std::vector<int64_t> Want = Start;
  for (int64_t &V : Want)
    ++V;
  return check(MyArray, Want, 1, "its start value + 1");
}

} // namespace

int main() {
  try {
    std::printf("%s\n", examples::device_banner().c_str());
    bool Ok = threadIdxIncrement();
    Ok &= grid2DIncrement();
    Ok &= int64Increment();
    std::printf("\nresult: %s\n", Ok ? "PASS" : "FAIL");
    return Ok ? 0 : 1;
  } catch (const std::exception &E) {
    std::fprintf(stderr, "error: %s\n", E.what());
    return 2;
  }
}
