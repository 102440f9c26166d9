# Tuples as modules combine them: concatenation (plain, mixed and named
# tuples, array shapes), slices with constant bounds (negative, stepped,
# reversed, empty), and both feeding loops and indices.
from collections import namedtuple

from numba import cuda

Pair = namedtuple("Pair", ["lo", "hi"])
WEIGHTS = (0.5, 1.5, -2.0, 4.0)


@cuda.jit
def combine(a, out):
    i = cuda.grid(1)
    if i < a.shape[0]:
        t = (1, 2) + (3,)
        mixed = (i, 0.25) + (a[i, 0],)
        shape = a.shape + (7,)
        p = Pair(i, i + 4) + (9,)
        out[i, 0] = t[0] * 100 + t[1] * 10 + t[2]
        out[i, 1] = mixed[0] + mixed[1] * mixed[2]
        out[i, 2] = shape[0] * 1000 + shape[1] * 10 + shape[2]
        out[i, 3] = p[0] + p[1] * p[2]
        s = 0.0
        for w in WEIGHTS[1:] + WEIGHTS[:1]:
            s = s * 2 + w
        out[i, 4] = s


@cuda.jit
def slices(a, out):
    i = cuda.grid(1)
    if i < a.shape[0]:
        rest = a.shape[1:]
        back = WEIGHTS[::-1]
        evens = WEIGHTS[::2]
        tail = WEIGHTS[-2:]
        none = WEIGHTS[3:1]
        mid = WEIGHTS[1:-1]
        out[i, 0] = rest[0] + len(none) * 100
        out[i, 1] = back[0] - back[3] + evens[1] * a[i, 1]
        out[i, 2] = tail[0] * tail[1] + mid[-1]
        k = 0.0
        for j, w in enumerate(WEIGHTS[1::2]):
            k += (j + 1) * w * a[i, j]
        out[i, 3] = k
        out[i, 4] = len(WEIGHTS[-100:100]) + len(WEIGHTS[:-100])


@cuda.jit
def compare_tuples(a, b, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        same = a.shape == b.shape
        differ = a.shape != b.shape[::-1]
        mixed = (i, 0.5) == (i, a[0, 0] * 0 + 0.5)
        lengths = (1, 2) == (1, 2, 3)
        empty = () == ()
        out[i] = same * 1 + differ * 10 + mixed * 100 + lengths * 1000 + empty * 10000 + ((i, 1) != (1, i)) * 100000


@cuda.jit
def reduce_sequences(a, out):
    # max/min of a tuple, sum of a tuple (with and without a start) and of
    # a row, whose float32 elements Numba sums in float64 (acc starts as 0).
    i = cuda.grid(1)
    if i < a.shape[0]:
        out[i, 0] = max(WEIGHTS) + min(a.shape) * 10 + max((i, 2.5, True))
        out[i, 1] = sum(WEIGHTS) + sum(a.shape, 0.5) + sum((i, 1.5, True))
        out[i, 2] = sum(a[i])
        out[i, 3] = sum(a[i, ::2], -1.0) + sum(())
        out[i, 4] = min(WEIGHTS[1:]) - max(a[i, 0], a[i, 1], 0.5)
