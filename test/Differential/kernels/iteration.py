# for loops over arrays: elements, rows of a 2-d array, enumerate (with and
# without a start), zip of arrays of different lengths (the shortest wins)
# and enumerate(zip(...)); over global and local arrays; over tuples of
# one type (module constants and built in the kernel), zipped with arrays,
# and zip(enumerate(...), ...) with a nested target.
from numba import cuda, float64

WEIGHTS = (0.5, 1.5, 2.5)
OFFSETS = (3, 1, 4, 1)


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
        for w, o in zip(WEIGHTS, OFFSETS):
            out[t, 7] += w * o + t
        for i, w in enumerate((t, t + 1, 2 * t)):
            out[t, 8] += i * w
        for (i, x), y in zip(enumerate(a, 1), b):
            out[t, 9] += i * x - y
        for w, x in zip(WEIGHTS, a):
            out[t, 10] += w * x
