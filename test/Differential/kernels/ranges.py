# range with one, two and three arguments, negative steps, empty ranges and
# bounds that depend on the thread.
from numba import cuda


@cuda.jit
def range_forms(out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        s = 0
        for k in range(i):
            s += k
        out[i, 0] = s
        s = 0
        for k in range(i - 5, i + 3):
            s += k * k
        out[i, 1] = s
        s = 0
        for k in range(-i, 2 * i + 1, 3):
            s += k
        out[i, 2] = s
        s = 0
        for k in range(i, -5, -3):
            s = s * 2 + k
        out[i, 3] = s
        s = 0
        for k in range(10, i, -1):
            s += 1
        out[i, 4] = s
        n = 0
        for k in range(5, 5):
            n += 100
        for k in range(3, 0, 1):
            n += 1000
        out[i, 5] = n + i


@cuda.jit
def range_params(a, start, stop, step, out):
    i = cuda.grid(1)
    if i < out.size:
        s = 0.0
        for k in range(start + i, stop, step):
            s += a[k]
        out[i] = s
