# if / elif / else chains and early return from a kernel.
from numba import cuda


@cuda.jit
def classify(x, out):
    i = cuda.grid(1)
    if i >= x.size:
        return
    v = x[i]
    if v < -5.0:
        out[i] = -2
    elif v < 0.0:
        out[i] = -1
    elif v == 0.0:
        out[i] = 0
    elif v < 5.0:
        out[i] = 1
    else:
        out[i] = 2


@cuda.jit
def early_return(a, out):
    i = cuda.grid(1)
    if i >= a.size:
        return
    out[i] = 1
    if a[i] < 0:
        return
    out[i] = 2
    for k in range(a[i]):
        if k == 7:
            out[i] = 3
            return
    out[i] = 4
