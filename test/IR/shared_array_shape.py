# The shape of a shared array can be an int or a tuple built from module
# constants; an int shape is a 1-tuple.
# RUN: %pykc %s --sig 'shapes(float32[:, :])' --emit=ir -o - | FileCheck %s
from numba import cuda, float32

TPB = 16
N = TPB * 2


@cuda.jit
def shapes(a):
    s1 = cuda.shared.array(N, float32)
    s2 = cuda.shared.array((TPB, TPB), float32)
    s3 = cuda.shared.array((TPB,), float32)
    s2[0, 0] = s1[0] + s3[0]
    a[0, 0] = s2[0, 0]

# CHECK-LABEL: {{^}}kernel shapes(a: array(float32, 2d, A)) -> none  # symbol shapes
# CHECK-NEXT: {{^}}  s1: array(float32, 1d, C, shared) = cuda.shared.array((32,), float32){{$}}
# CHECK-NEXT: {{^}}  s2: array(float32, 2d, C, shared) = cuda.shared.array((16, 16), float32){{$}}
# CHECK-NEXT: {{^}}  s3: array(float32, 1d, C, shared) = cuda.shared.array((16,), float32){{$}}
# CHECK-NEXT: {{^}}  s2[0, 0] = (s1[0] + s3[0]){{$}}
# CHECK-NEXT: {{^}}  a[0, 0] = s2[0, 0]{{$}}
