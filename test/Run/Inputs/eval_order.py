# Every operand below that Python skips reads 2**40 elements past the end of
# `a` and counts itself in `hits`: if pykc evaluated it anyway, the launch
# would fault or the count would show it (the optimizer may drop an unused
# load, never an atomic).
from numba import cuda

FAR = 1 << 40


@cuda.jit
def guarded(a, out, hits):
    i = cuda.grid(1)
    if i >= a.size and min(a[i + FAR], cuda.atomic.add(hits, 0, 1)) > -1.0:
        out[i] = -1.0
    elif i < a.size:
        out[i] = max(a[i], 1.0) if i < a.size else min(a[i + FAR], cuda.atomic.add(hits, 1, 1))
    t = i < 0 < min(a[i + FAR], cuda.atomic.add(hits, 2, 1))
    u = i < a.size or max(a[i + FAR], cuda.atomic.add(hits, 3, 1)) > 0
    if t or not u:
        out[i] = -2.0
