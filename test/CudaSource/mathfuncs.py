# --emit=cuda: the math module through CUDA's overloaded C math functions
# (integers converted to the result's float type first), frexp and modf
# as tuples, predicates of integers constant (their argument still
# evaluated), degrees as one multiplication, as Numba computes them.
# RUN: env PYKC_CLANG_FORMAT=none %pykc %s --emit=cuda -o %t.cu
# RUN: FileCheck %s --input-file %t.cu
# RUN: %if nvcc %{ %nvcc -c -arch=sm_75 -Werror all-warnings %t.cu -o %t.o %}
import math
import numpy as np
from numba import cuda


@cuda.jit("void(float32[:], float64[:], int64[:])")
def mathfuncs(f, d, n):
    i = cuda.grid(1)
    f[0] = math.sin(f[i]) + math.exp(f[i]) + math.atan2(f[i], f[1])
    d[0] = math.gamma(d[i]) + math.log1p(n[i]) + math.degrees(d[i])
    d[1] = math.ldexp(d[i], 3) + math.modf(d[i])[0]
    n[0] = math.isnan(d[i]) + math.isinf(n[i]) + math.floor(d[i])
    d[2] = cuda.fma(d[i], d[1], d[2]) + cuda.cbrt(d[i]) + np.arctan2(d[i], 1.0)
    f[1] = math.inf if f[i] > 0 else math.nan
    d[3] = math.copysign(d[i], -0.0) + math.pi

# CHECK: pykc_at(f, 0) = (sin(pykc_at(f, i)) + exp(pykc_at(f, i))) + atan2(pykc_at(f, i), pykc_at(f, 1));
# CHECK: pykc_at(d, 0) = (tgamma(pykc_at(d, i)) + log1p((double)pykc_at(n, i))) + (pykc_at(d, i) * 57.29577951308232);
# CHECK: pykc_at(d, 1) = (ldexp(pykc_at(d, i), (int32_t)3) + [&] { double pykc_out; double pykc_r = modf(pykc_at(d, i), &pykc_out); return pykc_tuple0{pykc_r, pykc_out}; }().e0);
# CHECK: pykc_at(n, 0) = (int64_t)((double)((int64_t)(bool)isnan(pykc_at(d, i)) + (int64_t)((void)pykc_at(n, i), false)) + floor(pykc_at(d, i)));
# CHECK: pykc_at(d, 2) = (fma(pykc_at(d, i), pykc_at(d, 1), pykc_at(d, 2)) + cbrt(pykc_at(d, i))) + atan2(pykc_at(d, i), 1.0);
# CHECK: pykc_at(f, 1) = (float)(((double)pykc_at(f, i) > 0.0) ? (double)INFINITY : (double)NAN);
# CHECK: pykc_at(d, 3) = copysign(pykc_at(d, i), -0.0) + 3.141592653589793;
