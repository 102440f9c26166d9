# Numba: int32 + int32 is int64 (integer arithmetic is done in intp); the
# int32 special registers are widened with explicit int64() casts.
# RUN: %pykc %s --sig 'add_idx(int64[:], int32, int32)' --emit=ir -o - | FileCheck %s
from numba import cuda


@cuda.jit
def add_idx(out, a, b):
    i = cuda.threadIdx.x + cuda.threadIdx.y
    s = a + b
    out[i] = s

# CHECK-LABEL: {{^}}kernel add_idx(out: array(int64, 1d, A), a: int32, b: int32) -> none  # symbol add_idx
# CHECK-NEXT: {{^}}  i: int64 = (int64(cuda.threadIdx.x) + int64(cuda.threadIdx.y)){{$}}
# CHECK-NEXT: {{^}}  s: int64 = (int64(a) + int64(b)){{$}}
# CHECK-NEXT: {{^}}  out[i] = s{{$}}
