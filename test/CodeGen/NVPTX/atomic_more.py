# The rest of cuda.atomic on the GPU: bitwise operations and exch as
# atom.and/or/xor/exch; inc and dec (LLVM's uinc_wrap/udec_wrap) as
# compare-and-swap loops, as LLVM 19's NVPTX expands them; cas and
# compare_and_swap as atom.cas; nanmax/nanmin on floats as a compare-and-swap
# loop (NaN is a missing value), on integers as atom.max/min. ptxas accepts
# the result.
# RUN: %pykc %s --sig 'k(int64[:], uint32[:], uint64[:], float32[:], int32[:])' --arch sm_80 -o - | FileCheck %s
# RUN: %if ptxas %{ %pykc %s --sig 'k(int64[:], uint32[:], uint64[:], float32[:], int32[:])' --arch sm_80 -o %t.ptx && %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
from numba import cuda


@cuda.jit
def k(i64, u32, u64, f32, i32):
    cuda.atomic.and_(i64, 0, 6)
    cuda.atomic.or_(i64, 1, 6)
    cuda.atomic.xor(i64, 2, 6)
    cuda.atomic.exch(i64, 3, 6)
    cuda.atomic.inc(u32, 0, 9)
    cuda.atomic.dec(u32, 1, 9)
    cuda.atomic.inc(u64, 0, 9)
    cuda.atomic.cas(i32, 1, 5, 6)
    cuda.atomic.compare_and_swap(i32, 5, 6)
    cuda.atomic.nanmax(f32, 0, 1.5)
    cuda.atomic.nanmin(i32, 2, 7)

# CHECK: atom.global.and.b64 {{.*}}, 6;
# CHECK: atom.global.or.b64 {{.*}}, 6;
# CHECK: atom.global.xor.b64 {{.*}}, 6;
# CHECK: atom.global.exch.b64 {{.*}}, 6;
# CHECK: atom.global.cas.b32
# CHECK: atom.global.cas.b32
# CHECK: atom.global.cas.b64
# CHECK: atom.global.cas.b32 {{.*}}, 5, 6;
# CHECK: atom.global.cas.b32 {{.*}}, 5, 6;
# CHECK: atom.global.cas.b32 {{.*}}, 1069547520;
# CHECK: atom.global.min.s32 {{.*}}, 7;
