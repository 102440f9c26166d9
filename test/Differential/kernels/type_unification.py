# Variables whose type is unified across assignments: `tmp = 0.` accumulating
# float32 values, an int counter that becomes float, and branches assigning
# different types.
from numba import cuda


@cuda.jit
def accumulate_float32(A, out):
    i = cuda.grid(1)
    if i < A.shape[0]:
        tmp = 0.
        for k in range(A.shape[1]):
            tmp += A[i, k] * A[i, k]
        out[i] = tmp


@cuda.jit
def int_then_float(a, out):
    i = cuda.grid(1)
    if i < a.size:
        v = 0
        if a[i] > 0:
            v = a[i] * 0.5
        else:
            v = i
        acc = 1
        for k in range(3):
            acc = acc * a[i] + k
        out[i, 0] = v
        out[i, 1] = acc
        w = i
        w = w + 0.25
        out[i, 2] = w
