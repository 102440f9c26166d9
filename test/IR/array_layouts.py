# Array layouts from signatures: [:] is any layout (A), [::1] and [:, ::1]
# are C-contiguous, [::1, :] is Fortran-contiguous.
# RUN: %pykc %s --sig 'layouts(float32[:], float32[::1], float32[:, ::1], float32[::1, :], float32[:, :])' --emit=ir -o - | FileCheck %s
from numba import cuda


@cuda.jit
def layouts(a, c1, c2, f2, a2):
    a[0] = c1[0] + c2[0, 0] + f2[0, 0] + a2[0, 0]

# CHECK-LABEL: {{^}}kernel layouts(a: array(float32, 1d, A), c1: array(float32, 1d, C), c2: array(float32, 2d, C), f2: array(float32, 2d, F), a2: array(float32, 2d, A)) -> none  # symbol layouts
# CHECK-NEXT: {{^}}  a[0] = (((c1[0] + c2[0, 0]) + f2[0, 0]) + a2[0, 0]){{$}}
