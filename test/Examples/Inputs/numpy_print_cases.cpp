// Prints each array of a case file with examples/common/numpy_print.h, for
// numpy_print_cases.py to compare with NumPy. The file holds an int32 case
// count, then per case: a dtype char (f d q i), an int32 repr flag, an int32
// ndim, ndim int64 extents and the C-order data.
#include "common/numpy_print.h"

#include <cstdint>
#include <fstream>
#include <iostream>
#include <vector>

int main(int Argc, char **Argv) {
  if (Argc != 2)
    return 2;
  std::ifstream In(Argv[1], std::ios::binary);
  int32_t Cases = 0;
  In.read(reinterpret_cast<char *>(&Cases), 4);
  for (int32_t C = 0; C < Cases; ++C) {
    char DType;
    int32_t Repr, NDim;
    In.read(&DType, 1);
    In.read(reinterpret_cast<char *>(&Repr), 4);
    In.read(reinterpret_cast<char *>(&NDim), 4);
    std::vector<int64_t> Shape(static_cast<size_t>(NDim));
    int64_t Size = 1;
    for (int64_t &E : Shape) {
      In.read(reinterpret_cast<char *>(&E), 8);
      Size *= E;
    }
    std::string Out;
    auto Print = [&](auto Tag) {
      using T = decltype(Tag);
      std::vector<T> V(static_cast<size_t>(Size));
      In.read(reinterpret_cast<char *>(V.data()), Size * sizeof(T));
      Out = Repr ? examples::numpy_repr(V.data(), Shape)
                 : examples::numpy_str(V.data(), Shape);
    };
    if (DType == 'f')
      Print(float{});
    else if (DType == 'd')
      Print(double{});
    else if (DType == 'q')
      Print(int64_t{});
    else
      Print(int32_t{});
    std::cout << Out << "\n@@\n";
  }
  return In ? 0 : 1;
}
