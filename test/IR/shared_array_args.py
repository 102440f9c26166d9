# cuda.shared.array with positional and keyword arguments; the result is a
# C-contiguous array in shared memory.
# RUN: %pykc %s --sig 'shared(float32[:])' --emit=ir -o - | FileCheck %s
from numba import cuda, float32


@cuda.jit
def shared(a):
    s1 = cuda.shared.array(32, float32)
    s2 = cuda.shared.array(shape=32, dtype=float32)
    s3 = cuda.shared.array(32, dtype=float32)
    i = cuda.threadIdx.x
    s1[i] = a[i]
    s2[i] = s1[i]
    s3[i] = s2[i]
    a[i] = s3[i]

# CHECK-LABEL: {{^}}kernel shared(a: array(float32, 1d, A)) -> none  # symbol shared
# CHECK-NEXT: {{^}}  s1: array(float32, 1d, C, shared) = cuda.shared.array((32,), float32){{$}}
# CHECK-NEXT: {{^}}  s2: array(float32, 1d, C, shared) = cuda.shared.array((32,), float32){{$}}
# CHECK-NEXT: {{^}}  s3: array(float32, 1d, C, shared) = cuda.shared.array((32,), float32){{$}}
# CHECK-NEXT: {{^}}  i: int32 = cuda.threadIdx.x{{$}}
# CHECK-NEXT: {{^}}  s1[i] = a[i]{{$}}
# CHECK-NEXT: {{^}}  s2[i] = s1[i]{{$}}
# CHECK-NEXT: {{^}}  s3[i] = s2[i]{{$}}
# CHECK-NEXT: {{^}}  a[i] = s3[i]{{$}}
