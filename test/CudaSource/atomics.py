# --emit=cuda: every cuda.atomic operation returns the old value through a
# prelude helper (CUDA's instruction where it has one for the dtype, else a
# compare-and-swap loop with Numba's NaN rules); on a local array, which one
# thread owns, a plain read-modify-write.
# RUN: env PYKC_CLANG_FORMAT=none %pykc %s --emit=cuda -o %t.cu
# RUN: FileCheck %s --input-file %t.cu
# RUN: %if nvcc %{ %nvcc -c -arch=sm_75 -Werror all-warnings %t.cu -o %t.o %}
from numba import cuda, float64, int32


@cuda.jit("void(int32[:], int64[:], uint32[:], uint64[:], float32[:], float64[:])")
def atomics(i32, i64, u32, u64, f32, f64):
    i = cuda.grid(1)
    i32[0] = cuda.atomic.add(i32, 1, 5)
    cuda.atomic.sub(i64, 0, 2)
    cuda.atomic.max(f64, 0, f64[i])
    cuda.atomic.nanmin(f32, 0, f32[i])
    cuda.atomic.and_(i64, 1, 12)
    cuda.atomic.inc(u32, 0, 7)
    cuda.atomic.dec(u64, 0, 7)
    u32[1] = cuda.atomic.cas(u32, 2, 0, 1)
    cuda.atomic.exch(i32, 2, i)
    local = cuda.local.array(4, float64)
    local[0] = 1.0
    cuda.atomic.add(local, 0, f64[i])
    s = cuda.shared.array(8, int32)
    cuda.atomic.max(s, i % 8, i)
    f64[1] = local[0]

# CHECK: pykc_at(i32, 0) = pykc_atomic_add(&pykc_at(i32, 1), (int32_t)5);
# CHECK: (void)pykc_atomic_sub(&pykc_at(i64, 0), (int64_t)2);
# CHECK: (void)pykc_atomic_max(&pykc_at(f64, 0), pykc_at(f64, i));
# CHECK: (void)pykc_atomic_nanmin(&pykc_at(f32, 0), pykc_at(f32, i));
# CHECK: (void)pykc_atomic_and(&pykc_at(i64, 1), (int64_t)12);
# CHECK: (void)pykc_atomic_inc(&pykc_at(u32, 0), (uint32_t)7u);
# CHECK: (void)pykc_atomic_dec(&pykc_at(u64, 0), (uint64_t)7u);
# CHECK: pykc_at(u32, 1) = pykc_atomic_cas(&pykc_at(u32, 2), (uint32_t)0u, (uint32_t)1u);
# CHECK: (void)pykc_atomic_exch(&pykc_at(i32, 2), (int32_t)i);
# CHECK: double local_storage[4];
# CHECK-NEXT: pykc_array<double, 1> local = {local_storage, {4}, {sizeof(double)}};
# CHECK: (void)pykc_atomic_add<pykc_thread_local>(&pykc_at(local, 0), pykc_at(f64, i));
# CHECK: __shared__ int32_t s_storage[8];
# CHECK: (void)pykc_atomic_max(&pykc_at(s, pykc_mod_int64(i, 8)), (int32_t)i);
