# Loop targets that unpack each element, as an assignment would: over a
# tuple of pairs, inside enumerate() and zip().
from numba import cuda

PAIRS = ((1, 2), (3, 4), (5, 6))
WEIGHTED = ((1, 0.5), (2, 0.25), (3, 0.125))


@cuda.jit
def unpack_pairs(a, out):
    i = cuda.grid(1)
    if i < a.size:
        s = 0.0
        for p, q in PAIRS:
            s += p * a[i] - q
        out[i, 0] = s
        t = 0.0
        for j, (p, q) in enumerate(PAIRS):
            t += j * p + q * a[i]
        out[i, 1] = t
        u = 0.0
        for (n, w), x in zip(WEIGHTED, a):
            u += n * w * x
        out[i, 2] = u
        v = 0.0
        for k, w in ((4, 1.5), (5, -2.5)):
            v += k * w + a[i]
        out[i, 3] = v
