# --emit=cuda: Python's operators where C++'s differ are calls: floor
# division, modulo, powers and shifts past the width of the file's own
# functions of primitive operations (ir/OperatorFunctions.cpp, the same
# definition pykc's PTX comes from), abs, round half to even and negative
# indices of the prelude's helpers; small integer results are narrowed to
# their type; a non-bool and/or keeps Python's value.
# RUN: env PYKC_CLANG_FORMAT=none %pykc %s --emit=cuda -o %t.cu
# RUN: FileCheck %s --input-file %t.cu
# RUN: %if nvcc %{ %nvcc -c -arch=sm_75 -Werror all-warnings %t.cu -o %t.o %}
from numba import cuda
import math


@cuda.jit("void(int64[:], int32[:], float64[:], uint8[:], int64[:])")
def operators(a, b, x, small, out):
    i = cuda.grid(1)
    n = a[i]
    out[0] = n // 3
    out[1] = n % -7
    out[2] = n ** 3
    out[3] = b[i] << 5
    out[4] = n >> 70
    out[5] = abs(n)
    out[6] = round(x[i])
    out[7] = (n and 4) or 9
    x[1] = x[i] // 2.0
    x[2] = x[i] % 1.5
    x[3] = x[i] ** 2
    x[4] = x[i] ** 0.5
    small[0] = small[1] + small[2]
    small[3] = ~small[4]
    out[8] = a[-1]
    out[9] = 1 if n > 0 else -1

# CHECK: extern "C" __global__ void operators(int64_t *a_data, int64_t a_shape0, int64_t a_stride0, int32_t *b_data,
# CHECK: out[0] = n // 3
# CHECK-NEXT: pykc_at(out, 0) = pykc_floordiv_int64(n, 3);
# CHECK: pykc_at(out, 1) = pykc_mod_int64(n, -7);
# CHECK: pykc_at(out, 2) = pykc_pow_int64_int64(n, 3);
# CHECK: pykc_at(out, 3) = pykc_shl_int64((int64_t)pykc_at(b, i), 5);
# CHECK: pykc_at(out, 4) = pykc_shr_int64(n, 70);
# CHECK: pykc_at(out, 5) = pykc_abs(n);
# CHECK: pykc_at(out, 6) = (int64_t)rint(pykc_at(x, i));
# CHECK: out[7] = (n and 4) or 9
# CHECK-NEXT: pykc_at(out, 7) = [&] { auto pykc_e0 = (n != 0 ? (int64_t)4 : n); return pykc_e0 != 0 ? pykc_e0 : (int64_t)9; }();
# CHECK: pykc_at(x, 1) = pykc_floordiv_float64(pykc_at(x, i), 2.0);
# CHECK: pykc_at(x, 2) = pykc_mod_float64(pykc_at(x, i), 1.5);
# CHECK: pykc_at(x, 3) = pykc_pow_float64_int64(pykc_at(x, i), 2);
# CHECK: pykc_at(x, 4) = pow(pykc_at(x, i), 0.5);
# CHECK: pykc_at(small, 0) = (uint8_t)((uint64_t)pykc_at(small, 1) + (uint64_t)pykc_at(small, 2));
# CHECK: pykc_at(small, 3) = (uint8_t)(uint64_t)(uint8_t)(~pykc_at(small, 4));
# CHECK: pykc_at(out, 8) = pykc_at(a, pykc_wrap_int64(-1, a.shape[0]));
# CHECK: pykc_at(out, 9) = (n > 0) ? (int64_t)1 : (int64_t)-1;
# The operators' functions follow the kernels.
# CHECK-LABEL: // pykc_floordiv_int64: Python's rule in primitive operations (pykc)
# CHECK-NEXT: __device__ int64_t pykc_floordiv_int64(int64_t a, int64_t b) {
# CHECK: q = a / d;
# CHECK-NEXT: r = a % d;
# CHECK: t1 = q - (int64_t)adjust;
# CHECK: return by_zero ? 0 : t2;
# CHECK-LABEL: __device__ int64_t pykc_shl_int64(int64_t a, int64_t n) {
# CHECK-NEXT: bool too_far = {};
# CHECK-NEXT: int64_t t0 = {};
# CHECK-NEXT: too_far = (uint64_t)n >= (uint64_t)64u;
# CHECK-NEXT: t0 = (int64_t)((uint64_t)a << (too_far ? 63 : n));
# CHECK-NEXT: return too_far ? 0 : t0;
# CHECK-LABEL: __device__ double pykc_mod_float64(double a, double b) {
# CHECK: mod = fmod(a, b);
# CHECK: t2 = copysign(0.0, b);
# CHECK-NEXT: return mod_nonzero ? t1 : t2;
