// A C++ program calling @njit functions that return Numba's OptionalType:
// the header gives std::optional, empty for None; using a None inside the
// function raises TypeError, a pykc::Error here.
#include "optional_values.h"

#include <cstdio>
#include <vector>

int main() {
  const std::vector<int64_t> A = {5, 3, 9, 1, 0, 7, 2, 2};
  for (int64_t X : {7, 70}) {
    std::optional<int64_t> I = optional_values::first_index(A, X);
    if (I)
      std::printf("first_index(%lld): %lld\n", (long long)X, (long long)*I);
    else
      std::printf("first_index(%lld): None\n", (long long)X);
  }
  std::printf("lookup(2): %lld\n", (long long)optional_values::lookup(A, 2));
  try {
    optional_values::lookup(A, 70);
    std::printf("lookup(70): no error\n");
  } catch (const pykc::Error &E) {
    std::printf("lookup(70): %s\n", E.what());
  }
}
