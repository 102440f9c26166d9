// pykc::ArrayView from and to std::mdspan (pykc/ArrayView.h), built with
// libc++ (C++23). The conversions are header code; the runtime, built with
// libstdc++, is not linked, so this file defines the one runtime function
// the view's constructor names (the current device, for DeviceId -1) as
// the CPU device, 0.
#include "pykc/ArrayView.h"

#include <cstdio>
#include <mdspan>
#include <vector>

int pykc::currentDeviceId() { return 0; }

namespace {

template <typename T, int N> void show(const char *Name, const pykc::ArrayView<T, N> &V) {
  std::printf("%s: device %d shape", Name, V.device());
  for (int I = 0; I < N; ++I)
    std::printf(" %lld", (long long)V.shape(I));
  std::printf(" strides");
  for (int I = 0; I < N; ++I)
    std::printf(" %lld", (long long)V.stride(I));
  const char *Orders[] = {"C", "F", "strided"};
  std::printf(" order %s\n", Orders[int(V.order())]);
}

} // namespace

int main() {
  std::vector<float> Data(24);
  for (size_t I = 0; I < Data.size(); ++I)
    Data[I] = float(I);

  // layout_right: C order; strides in bytes, 4 per float.
  std::mdspan<float, std::dextents<int, 3>> C(Data.data(), 2, 3, 4);
  pykc::ArrayView<float, 3> FromC(C);
  show("layout_right", FromC);

  // layout_left: F order; CTAD through view().
  std::mdspan<float, std::dextents<size_t, 2>, std::layout_left> F(Data.data(), 4, 6);
  auto FromF = pykc::view(F, 0);
  show("layout_left", FromF);

  // layout_stride: every other column of a 4 x 6 row-major matrix.
  using Strided = std::layout_stride::mapping<std::dextents<int, 2>>;
  std::mdspan<float, std::dextents<int, 2>, std::layout_stride> Cols(
      Data.data(), Strided(std::dextents<int, 2>(4, 3), std::array<int, 2>{6, 2}));
  pykc::ArrayView<float, 2> FromCols(Cols);
  show("layout_stride", FromCols);
  std::printf("element (3, 2) through the view: %g\n",
              FromCols.data()[(3 * FromCols.stride(0) + 2 * FromCols.stride(1)) / 4]);

  // Back: the strides in elements, the same elements.
  auto Back = FromCols.to_mdspan();
  std::printf("to_mdspan: extents %lld %lld strides %lld %lld, (3, 2) = %g\n",
              (long long)Back.extent(0), (long long)Back.extent(1), (long long)Back.stride(0),
              (long long)Back.stride(1), Back[3, 2]);

  // A reversed view (a negative stride, as NumPy's a[::-1]) has no mdspan.
  pykc::ArrayView<float, 1> Reversed(Data.data() + 23, {24}, {-4}, 0);
  try {
    (void)Reversed.to_mdspan();
    std::printf("reversed: no error\n");
  } catch (const pykc::Error &E) {
    std::printf("reversed: %s\n", E.what());
  }
  return 0;
}
