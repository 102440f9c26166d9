# --emit=cuda: float16 is cuda_fp16.h's __half (conversions rounded once,
# to integers as Numba's cvt.rni: nearest, saturating, NaN to 0), the
# cuda.fp16 intrinsics are its __h* functions (hmax/hmin with Numba's NaN
# rule), a frozen float16 array is its bits, and CUDA vector types are
# CUDA's own (make_float4, .x .. .w).
# RUN: env PYKC_CLANG_FORMAT=none %pykc %s --emit=cuda -o %t.cu 2>/dev/null
# RUN: FileCheck %s --input-file %t.cu
# RUN: %if nvcc %{ %nvcc -c -arch=sm_75 -Werror all-warnings %t.cu -o %t.o %}
import numpy as np
from numba import cuda, float16, float32

HALVES = np.array([0.5, 1.5, -2.0], dtype=np.float16)


@cuda.jit("void(float16[:], float32[:], int32[:])")
def half_vec(h, f, n):
    i = cuda.grid(1)
    h[0] = cuda.fp16.hadd(h[i], h[1])
    h[1] = cuda.fp16.hmax(h[i], float16(2.5))
    h[2] = cuda.fp16.hfma(h[0], h[1], h[2])
    f[0] = h[i] * float32(2) + HALVES[i % 3]
    n[0] = int(h[i])
    if cuda.fp16.hlt(h[0], h[1]):
        n[1] = 1
    v = cuda.float32x4(f[0], f[1], 1.0, 2.0)
    w = cuda.int32x2(n[0], 3)
    f[1] = v.x + v.w + w.y
    h[3] = n[2]

# CHECK: #include <cuda_fp16.h>
# CHECK: template <typename T> __device__ inline T pykc_from_half(__half h) {
# CHECK: __constant__ unsigned short pykc_const_HALVES[3] = {0x3800, 0x3e00, 0xc000};
# CHECK: extern "C" __global__ void half_vec(__half *h_data,
# CHECK: float4 v = {};
# CHECK: int2 w = {};
# CHECK: pykc_at(h, 0) = __hadd(pykc_at(h, i), pykc_at(h, 1));
# CHECK: pykc_at(h, 1) = pykc_hmax(pykc_at(h, i), pykc_to_half(2.5));
# CHECK: pykc_at(h, 2) = __hfma(pykc_at(h, 0), pykc_at(h, 1), pykc_at(h, 2));
# CHECK: pykc_at(f, 0) = (__half2float(pykc_at(h, i)) * 2.0f) + __half2float(pykc_at(pykc_array<__half, 1>{(__half *)pykc_const_HALVES, {3}, {2}}, pykc_mod_int64(i, 3)));
# CHECK: pykc_at(n, 0) = (int32_t)pykc_from_half<int64_t>(pykc_at(h, i));
# CHECK: if (__hlt(pykc_at(h, 0), pykc_at(h, 1))) {
# CHECK: v = make_float4(pykc_t0, pykc_t1, pykc_t2, pykc_t3);
# CHECK: w = make_int2(pykc_t4, pykc_t5);
# CHECK: pykc_at(f, 1) = (float)((double)(v.x + v.w) + (double)w.y);
# CHECK: pykc_at(h, 3) = pykc_to_half(pykc_at(n, 2));
