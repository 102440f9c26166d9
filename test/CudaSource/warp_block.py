# --emit=cuda: warp and block operations are CUDA's intrinsics of the same
# meaning, constant masks in hex; operands with effects (a barrier, a
# call that writes) are evaluated in Python's order, left to right.
# RUN: env PYKC_CLANG_FORMAT=none %pykc %s --emit=cuda -o %t.cu
# RUN: FileCheck %s --input-file %t.cu
# RUN: %if nvcc %{ %nvcc -c -arch=sm_75 -Werror all-warnings %t.cu -o %t.o %}
from numba import cuda


@cuda.jit("void(float64[:], int32[:], int64[:])")
def warp_block(x, flags, counts):
    i = cuda.grid(1)
    v = x[i]
    v += cuda.shfl_down_sync(0xffffffff, v, 16)
    v += cuda.shfl_xor_sync(0xffffffff, v, 1)
    flags[i] = cuda.ballot_sync(0xffffffff, v > 0)
    if cuda.all_sync(0xffffffff, v != 0):
        flags[i] += 1
    m = cuda.match_any_sync(0xffffffff, flags[i])
    counts[i] = cuda.syncthreads_count(v > 0) + cuda.popc(m)
    cuda.syncwarp()
    counts[i] += cuda.laneid + cuda.clz(counts[i])
    cuda.threadfence()
    x[i] = v

# CHECK: v = v + __shfl_down_sync(0xffffffffu, v, 16);
# CHECK: v = v + __shfl_xor_sync(0xffffffffu, v, 1);
# CHECK: pykc_at(flags, i) = (int32_t)__ballot_sync(0xffffffffu, (v > 0.0));
# CHECK: if ((bool)__all_sync(0xffffffffu, (v != 0.0))) {
# CHECK: m = (int32_t)__match_any_sync(0xffffffffu, pykc_at(flags, i));
# CHECK: pykc_at(counts, i) = [&] { auto pykc_e0 = (int64_t)(int32_t)__syncthreads_count((int32_t)(v > 0.0)); auto pykc_e1 = (int64_t)(int32_t)pykc_popc(m); return (pykc_e0 + pykc_e1); }();
# CHECK: __syncwarp(0xffffffffu);
# CHECK: pykc_at(counts, i) = pykc_at(counts, i) + ((int64_t)(int32_t)pykc_laneid() + (int64_t)pykc_clz(pykc_at(counts, i)));
# CHECK: __threadfence();
