//===- examples/copy_kernels.cpp - Document 003's foo ---------------------===//
//
// 003_e71ceb2371cd50db.txt copies input = np.asarray(range(10)) (int64) into
// output = np.zeros(len(input)) (float64) with the cuda.grid(1) version of
// foo (copy_kernels.py), launched as foo[1, len(input)] so that exactly one
// thread runs per element (foo has no bounds check), and shows `output`:
// array([0., 1., 2., 3., 4., 5., 6., 7., 8., 9.]).
//
//===----------------------------------------------------------------------===//
#include "copy_kernels.h"

#include "common/banner.h"
#include "common/numpy_print.h"

#include <pykc/Runtime.h>

#include <cstdio>
#include <vector>

int main() {
  try {
    std::printf("%s\n", examples::device_banner().c_str());

    std::vector<int64_t> Input;
    for (int64_t I = 0; I < 10; ++I) // np.asarray(range(10))
      Input.push_back(I);
    std::vector<double> Output(Input.size(), 0.0); // np.zeros(len(input))
    auto DInput = pykc::to_device(Input);
    auto DOutput = pykc::to_device(Output);

    copy_kernels::foo[{1, int(Input.size())}](DInput, DOutput);
    pykc::synchronize();
    DOutput.copy_to_host(Output);

    std::printf("foo[1, len(input)](input, output)\noutput\n%s\n",
                examples::numpy_repr(Output).c_str());
    size_t Bad = 0;
    for (size_t I = 0; I < Input.size(); ++I)
      Bad += Output[I] != double(Input[I]);
    std::printf("check: %zu of %zu elements differ from input: %s\n", Bad,
                Output.size(), Bad ? "FAIL" : "PASS");
    return Bad ? 1 : 0;
  } catch (const std::exception &E) {
    std::fprintf(stderr, "error: %s\n", E.what());
    return 2;
  }
}
