// Records through a generated header: arrays of the module's record
// structs, a record argument in device memory, a packed dtype, and
// numba.cuda.random states made by the runtime.
#include "record_kernels.h"

#include <pykc/Runtime.h>

#include <cinttypes>
#include <cstdio>
#include <vector>

int main() {
  using record_kernels::particle;
  std::vector<particle> Host(3);
  for (int I = 0; I < 3; ++I) {
    Host[I] = {};
    for (int K = 0; K < 3; ++K)
      Host[I].pos[K] = float(I + K);
    Host[I].mass = 1.5 * I;
    Host[I].id = I + 1;
    Host[I].charge = {float(I), 1.0f};
  }
  auto P = pykc::to_device(Host);
  record_kernels::drift[{1, 4}](P, 0.5);
  pykc::synchronize();
  for (const particle &Q : P.copy_to_host())
    std::printf("particle %d: pos (%g, %g, %g) mass %g charge (%g, %g)\n", Q.id, Q.pos[0],
                Q.pos[1], Q.pos[2], Q.mass, Q.charge.real(), Q.charge.imag());

  // A record argument: the kernel reads it and writes into it.
  pykc::DeviceRecord<particle> R(Host[2]);
  auto Out = pykc::to_device(std::vector<double>(1));
  record_kernels::total[{1, 1}](R, Out);
  pykc::synchronize();
  std::printf("total %g, id now %d\n", Out.copy_to_host()[0], R.copy_to_host().id);

  // A packed dtype: 5-byte records, unaligned floats.
  std::vector<record_kernels::sample> S = {{1.5f, 9}, {-2.0f, 9}, {0.0f, 9}, {3.0f, 9}};
  auto DS = pykc::to_device(S);
  record_kernels::flags[{1, 4}](DS);
  pykc::synchronize();
  std::printf("flags:");
  for (const auto &X : DS.copy_to_host())
    std::printf(" %d", int(X.flag));
  std::printf("\n");

  // Generator states as Numba's create_xoroshiro128p_states(4, seed=1,
  // subsequence_start=2) makes them, then 3 uniform draws per thread.
  auto States = pykc::random::create_xoroshiro128p_states(4, 1, 2);
  for (const auto &St : States.copy_to_host())
    std::printf("state %" PRIu64 " %" PRIu64 "\n", St.s0, St.s1);
  pykc::DeviceArray<float, 2> Draws({4, 3});
  record_kernels::draw[{1, 4}](States, Draws);
  pykc::synchronize();
  for (float D : Draws.copy_to_host())
    std::printf("draw %.9g\n", double(D));
  return 0;
}
