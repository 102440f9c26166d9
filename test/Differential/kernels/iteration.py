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


@cuda.jit
def walk_ranges(a, out):
    # range() inside zip() and enumerate(): ascending, descending, empty,
    # zipped with an array, the shortest deciding the length.
    t = cuda.grid(1)
    if t < out.shape[0]:
        n = 0
        for x, y in zip(range(t, a.size), range(10, 0, -3)):
            out[t, n] = x * 100 + y
            n += 1
        for j, z in enumerate(range(a.size - 1, -1, -2)):
            out[t, n + j] = z + 1000 * j
        for p, q, r in zip(a, range(5), range(t + 7, 20)):
            out[t, 10 + q] = p + r
        for u, v in zip(range(t, t), range(3)):
            out[t, 19] = u + v
