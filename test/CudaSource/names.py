# --emit=cuda names: a Python name that is not ASCII (as a kernel, device
# function, parameter or local) is pykc_id_ and its characters, each
# non-ASCII one as its code point in hex, so two names never meet; an
# ASCII name stays as written unless C++, CUDA's headers or the writer's
# own spellings (x_data, x_v1, x_0) take it or its stem, then it gets one
# more '_' (select_ for select, select__ for select_). Kernels keep their
# PTX symbols (_xHH_ per UTF-8 byte), and a module-level array is
# pykc_const_ and its name so spelt.
# RUN: env PYKC_CLANG_FORMAT=none %pykc %s --emit=cuda -o %t.cu 2>%t.err
# RUN: FileCheck %s --input-file %t.cu
# RUN: FileCheck %s --input-file %t.err --check-prefix=WARN --allow-empty
# RUN: %if nvcc %{ %nvcc -c -arch=sm_75 -Werror all-warnings %t.cu -o %t.o %}
import numpy as np
from numba import cuda

Ω = np.array([0.5, 0.25])


@cuda.jit(device=True)
def σ_of(μ, Δt):
    return μ * Δt


@cuda.jit("void(float64[:], float64[:], float64)")
def Δ_kernel(μ, σ, Δt):
    i = cuda.grid(1)
    if i < μ.shape[0]:
        σ_ = 1.0
        μσ = 2.0
        select = 3.0
        select_ = 4.0
        x_v1 = 5.0
        μ_data = 6.0
        pykc_t0 = 7.0
        σ[i] = σ_of(μ[i], Δt) + σ_ + μσ + select + select_ + x_v1 + μ_data + pykc_t0 + Ω[1]

# WARN-NOT: warning

# CHECK:      __constant__ double pykc_const_pykc_id__3a9_[2] = {0.5, 0.25};
# CHECK:      __device__ double _xcf__x83__of__float64_float64(double pykc_id__3bc_, double pykc_id__394_t);
# CHECK:      extern "C" __global__ void _xce__x94__kernel(double *pykc_id__3bc__data, int64_t pykc_id__3bc__shape0, int64_t pykc_id__3bc__stride0, double *pykc_id__3c3__data, int64_t pykc_id__3c3__shape0, int64_t pykc_id__3c3__stride0, double pykc_id__394_t) {
# CHECK-NEXT:   pykc_array<double, 1> pykc_id__3bc_ = {pykc_id__3bc__data, {pykc_id__3bc__shape0}, {pykc_id__3bc__stride0}};
# CHECK-NEXT:   pykc_array<double, 1> pykc_id__3c3_ = {pykc_id__3c3__data, {pykc_id__3c3__shape0}, {pykc_id__3c3__stride0}};
# CHECK-NEXT:   int64_t i = {};
# CHECK-NEXT:   double pykc_id__3c3___ = {};
# CHECK-NEXT:   double pykc_id__3bc__3c3_ = {};
# CHECK-NEXT:   double select_ = {};
# CHECK-NEXT:   double select__ = {};
# CHECK-NEXT:   double x_v1_ = {};
# CHECK-NEXT:   double pykc_id__3bc___data = {};
# CHECK-NEXT:   double pykc_id_pykc__t0 = {};
# CHECK:        pykc_at(pykc_id__3c3_, i) = (((((((_xcf__x83__of__float64_float64(pykc_at(pykc_id__3bc_, i), pykc_id__394_t) + pykc_id__3c3___) + pykc_id__3bc__3c3_) + select_) + select__) + x_v1_) + pykc_id__3bc___data) + pykc_id_pykc__t0) + pykc_at(pykc_array<double, 1>{(double *)pykc_const_pykc_id__3a9_, {2}, {8}}, 1);

# CHECK:      // names.py:20: def σ_of(μ, Δt):
# CHECK-NEXT: __device__ double _xcf__x83__of__float64_float64(double pykc_id__3bc_, double pykc_id__394_t) {
# CHECK-NEXT:   // names.py:21: return μ * Δt
# CHECK-NEXT:   return pykc_id__3bc_ * pykc_id__394_t;
