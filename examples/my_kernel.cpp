//===- examples/my_kernel.cpp - Document 001's "Kernel declaration" -------===//
//
// 001_9b0f4a0e575d1f42.txt launches an empty kernel (my_kernel.py) on
// numpy.ones(256) (float64) with 32 threads per block and prints the array,
// which the kernel leaves as it was: 256 ones in NumPy's format. (The
// document's PDF export lost the space NumPy puts at the start of each
// continuation line; this program prints what NumPy prints.)
//
//===----------------------------------------------------------------------===//
#include "my_kernel.h"

#include "common/banner.h"
#include "common/numpy_print.h"

#include <pykc/Runtime.h>

#include <cstdio>
#include <vector>

int main() {
  try {
    std::printf("%s\n", examples::device_banner().c_str());

    // Create the data array - usually initialized some other way
    std::vector<double> Data(256, 1.0);
    auto DData = pykc::to_device(Data);
    // Set the number of threads in a block
    int ThreadsPerBlock = 32;
    // Calculate the number of thread blocks in the grid
    int BlocksPerGrid =
        (int(Data.size()) + (ThreadsPerBlock - 1)) / ThreadsPerBlock;
    // Now start the kernel
    my_kernel::my_kernel[{BlocksPerGrid, ThreadsPerBlock}](DData);
    pykc::synchronize();
    DData.copy_to_host(Data);
    // Print the result
    std::printf("%s\n", examples::numpy_str(Data).c_str());

    size_t Changed = 0;
    for (double V : Data)
      Changed += V != 1.0;
    std::printf("check: blockspergrid = %d, threadsperblock = %d; %zu of "
                "%zu elements changed by the empty kernel: %s\n",
                BlocksPerGrid, ThreadsPerBlock, Changed, Data.size(),
                Changed ? "FAIL" : "PASS");
    return Changed ? 1 : 0;
  } catch (const std::exception &E) {
    std::fprintf(stderr, "error: %s\n", E.what());
    return 2;
  }
}
