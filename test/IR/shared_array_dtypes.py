# The dtype of a shared array may be numba.float32, np.float32, float32
# imported from numba, or the string 'float32'; all give the same type.
# RUN: %pykc %s --sig 'dtypes(float32[:])' --emit=ir -o - | FileCheck %s
import numba
import numpy as np
from numba import cuda, float32, int16


@cuda.jit
def dtypes(a):
    s1 = cuda.shared.array(8, numba.float32)
    s2 = cuda.shared.array(8, np.float32)
    s3 = cuda.shared.array(8, float32)
    s4 = cuda.shared.array(8, 'float32')
    s5 = cuda.shared.array(8, np.float64)
    s6 = cuda.shared.array(8, int16)
    a[0] = s1[0] + s2[0] + s3[0] + s4[0] + s5[0] + s6[0]

# CHECK-LABEL: {{^}}kernel dtypes(a: array(float32, 1d, A)) -> none  # symbol dtypes
# CHECK-NEXT: {{^}}  s1: array(float32, 1d, C, shared) = cuda.shared.array((8,), float32){{$}}
# CHECK-NEXT: {{^}}  s2: array(float32, 1d, C, shared) = cuda.shared.array((8,), float32){{$}}
# CHECK-NEXT: {{^}}  s3: array(float32, 1d, C, shared) = cuda.shared.array((8,), float32){{$}}
# CHECK-NEXT: {{^}}  s4: array(float32, 1d, C, shared) = cuda.shared.array((8,), float32){{$}}
# CHECK-NEXT: {{^}}  s5: array(float64, 1d, C, shared) = cuda.shared.array((8,), float64){{$}}
# CHECK-NEXT: {{^}}  s6: array(int16, 1d, C, shared) = cuda.shared.array((8,), int16){{$}}
# CHECK-NEXT: {{^}}  a[0] = float32(((float64((((s1[0] + s2[0]) + s3[0]) + s4[0])) + s5[0]) + float64(s6[0]))){{$}}
