# Device functions whose every path returns: both arms of an if, and an
# endless loop left only by return. None of them is a [MissingReturn].
# RUN: %pykc %s --sig 'k(float32[:], int64[:])' --emit=ir -o - | FileCheck %s
from numba import cuda


@cuda.jit(device=True)
def sign(x):
    if x > 0:
        return 1
    elif x < 0:
        return -1
    else:
        return 0


@cuda.jit(device=True)
def first_above(x):
    n = 0
    while True:
        if n * n > x:
            return n
        n += 1


@cuda.jit
def k(a, out):
    i = cuda.grid(1)
    out[i] = sign(a[i]) + first_above(a[i])

# CHECK-LABEL: {{^}}device sign(x: float32) -> int64  # symbol sign__float32
# CHECK-LABEL: {{^}}device first_above(x: float32) -> int64  # symbol first_above__float32
