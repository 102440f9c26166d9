# for loops over arrays: elements, rows of a 2-d array, enumerate (with and
# without a start), zip of arrays of different lengths (the shortest wins)
# and enumerate(zip(...)); over global and local arrays.
from numba import cuda, float64


@cuda.jit
def walk(a, b, m, out):
    t = cuda.grid(1)
    if t < out.shape[0]:
        s = 0.0
        for x in a:
            s += x * (t + 1)
        out[t, 0] = s
        for i, x in enumerate(a):
            out[t, 1] += i * x
        for i, y in enumerate(b, t):
            out[t, 2] += i * y
        for x, y in zip(a, b):
            out[t, 3] += x * y
        for i, (x, y) in enumerate(zip(b, a)):
            out[t, 4] += i + x - y
        for row in m:
            out[t, 5] += row[t % m.shape[1]]
        tmp = cuda.local.array(5, float64)
        for i in range(5):
            tmp[i] = i + t
        for v in tmp:
            out[t, 6] += v
