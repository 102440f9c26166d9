# --emit=cuda: Python's structure is kept. An elif chain stays a chain, a
# range() loop with a positive constant step whose variable is not used
# after it is a plain for, any other is counted as Python counts it; calls
# that write memory are evaluated left to right; a Python line continued
# with a backslash is shown joined (a trailing backslash would continue
# the C++ comment over the statement); a kernel whose name CUDA's headers
# declare is renamed with a warning.
# RUN: env PYKC_CLANG_FORMAT=none %pykc %s --emit=cuda -o %t.cu 2>%t.err
# RUN: FileCheck %s --input-file %t.cu
# RUN: FileCheck %s --input-file %t.err --check-prefix=WARN
# RUN: %if nvcc %{ %nvcc -c -arch=sm_75 -Werror all-warnings %t.cu -o %t.o %}
import math
from numba import cuda


@cuda.jit(device=True)
def clamp(v, lo, hi):
    if v < lo:
        return lo
    elif v > hi:
        return hi
    else:
        return v


@cuda.jit(device=True)
def bump(a, k):
    a[k] += 1
    return a[k]


@cuda.jit("void(float64[:], int64[:])")
def select(x, hist):
    i = cuda.grid(1)
    index = 0
    while index < 10 and x[i] > 1.0:
        x[i] /= 2.0
        index += 1
    for k in range(i, 0, -3):
        if k % 2 == 0:
            continue
        if k > 50:
            break
        hist[0] += k
    total = hist[1] + \
        bump(hist, 2)
    hist[3] = bump(hist, 4) - bump(hist, 4)
    x[i] = clamp(x[i], -1.0, 1.0) + total + k + math.frexp(x[i])[1] + math.sqrt(x[i])

# WARN: control_flow.py:33:1: warning: kernel 'select' is named 'select_' in the CUDA source because C++, the headers nvcc includes or pykc's own spellings take 'select' or its stem; pykc's PTX and objects keep 'select' [CudaKernelRenamed]

# CHECK: __device__ double clamp__float64_float64_float64(double v, double lo, double hi);
# CHECK: extern "C" __global__ void select_(double *x_data,
# CHECK: while ((index < 10) && (pykc_at(x, i) > 1.0)) {
# CHECK: // control_flow.py:39: for k in range(i, 0, -3):
# CHECK-NEXT: {
# CHECK-NEXT:   const int64_t pykc_start0 = i, pykc_stop0 = 0, pykc_step0 = -3;
# CHECK-NEXT:   const uint64_t pykc_n0 = pykc_trips(pykc_start0, pykc_stop0, pykc_step0);
# CHECK-NEXT:   for (uint64_t pykc_i0 = 0; pykc_i0 < pykc_n0; ++pykc_i0) {
# CHECK-NEXT:     k = pykc_nth(pykc_start0, pykc_i0, pykc_step0);
# CHECK:            continue;
# CHECK:            break;
# CHECK: // control_flow.py:45: total = hist[1] + bump(hist, 2)
# CHECK-NEXT: total = [&] { auto pykc_e1 = pykc_at(hist, 1); auto pykc_e2 = bump__int64_1dA_c2(hist); return (pykc_e1 + pykc_e2); }();
# CHECK: pykc_at(hist, 3) = [&] { auto pykc_e3 = bump__int64_1dA_c4(hist); auto pykc_e4 = bump__int64_1dA_c4(hist); return (pykc_e3 - pykc_e4); }();
# CHECK: pykc_at(x, i) = (((clamp__float64_float64_float64(pykc_at(x, i), -1.0, 1.0) + (double)total) + (double)k) +
# CHECK: __device__ int64_t bump__int64_1dA_c2(pykc_array<int64_t, 1> a) {
# CHECK-NEXT: // control_flow.py:{{[0-9]+}}: a[k] += 1
# CHECK-NEXT: pykc_at(a, 2) = pykc_at(a, 2) + 1;
# CHECK: // control_flow.py:{{[0-9]+}}: if v < lo:
# CHECK-NEXT: if (v < lo) {
# CHECK-NEXT:   // control_flow.py:{{[0-9]+}}: return lo
# CHECK-NEXT:   return lo;
# CHECK-NEXT: } else if (v > hi) { // control_flow.py:{{[0-9]+}}: elif v > hi:
# CHECK-NEXT:   // control_flow.py:{{[0-9]+}}: return hi
# CHECK-NEXT:   return hi;
# CHECK-NEXT: } else {
# CHECK-NEXT:   // control_flow.py:{{[0-9]+}}: return v
# CHECK-NEXT:   return v;
# CHECK-NEXT: }
