# --emit=cuda: boundscheck=True reads through pykc_at_checked, which reports
# the first index out of range with its Python location and traps, as
# pykc's PTX does; print() is one printf (long long for integers); the
# grid group's sync() is cooperative groups' (the file includes them).
# RUN: env PYKC_CLANG_FORMAT=none %pykc %s --emit=cuda -o %t.cu
# RUN: FileCheck %s --input-file %t.cu
# RUN: %if nvcc %{ %nvcc -c -arch=sm_75 -Werror all-warnings %t.cu -o %t.o %}
from numba import cuda


@cuda.jit("void(float32[:], int32[:])", boundscheck=True)
def checked(a, n):
    i = cuda.grid(1)
    a[i] = a[n[0]] * 2
    print("value", a[i], i)


@cuda.jit("void(float32[:])")
def grid_sync(a):
    g = cuda.cg.this_grid()
    i = cuda.grid(1)
    a[i] += 1
    g.sync()
    a[i] += a[(i + 1) % a.size]

# CHECK: #include <cooperative_groups.h>
# CHECK: __device__ inline void pykc_grid_sync() { cooperative_groups::this_grid().sync(); }
# CHECK: pykc_at_checked("{{.*}}checks_and_grid.py:14:5", a, {(long long)i}, {(int64_t)i}) = (float)((double)(*[&] { auto pykc_e0 = pykc_at_checked("{{.*}}checks_and_grid.py:14:14", n, {(long long)0}, {0}); return &pykc_at_checked("{{.*}}checks_and_grid.py:14:12", a, {(long long)pykc_e0}, {pykc_wrap_int32(pykc_e0, a.shape[0])}); }()) * 2.0);
# CHECK: printf("value %f %lld\n", (double)pykc_at_checked("{{.*}}checks_and_grid.py:15:20", a, {(long long)i}, {(int64_t)i}), (long long)i);
# CHECK: (void)pykc_grid_group{};
# CHECK: pykc_grid_sync();
