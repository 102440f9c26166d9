# --emit=cuda: indices whose evaluation has effects are evaluated in
# Python's order (the value first, then the target's indices left to
# right), the element reached through a pointer so it can be assigned.
# RUN: env PYKC_CLANG_FORMAT=none %pykc %s --emit=cuda -o %t.cu
# RUN: FileCheck %s --input-file %t.cu
# RUN: %if nvcc %{ %nvcc -c -arch=sm_75 -Werror all-warnings %t.cu -o %t.o %}
from numba import cuda


@cuda.jit(device=True)
def take(c):
    return cuda.atomic.add(c, 0, 1)


@cuda.jit("void(float64[:, :], int64[:])")
def effidx(a, c):
    a[take(c), take(c)] = a[take(c), 1] + 1.0

# CHECK: *[&] { auto pykc_e0 = take__int64_1dA(c); auto pykc_e1 = take__int64_1dA(c); return &pykc_at(a, pykc_wrap_int64(pykc_e0, a.shape[0]), pykc_wrap_int64(pykc_e1, a.shape[1])); }() = pykc_at(a, pykc_wrap_int64(take__int64_1dA(c), a.shape[0]), 1) + 1.0;
# CHECK: return pykc_atomic_add(&pykc_at(c, 0), (int64_t)1);
