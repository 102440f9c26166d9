# and / or / not, short-circuit evaluation: `i < n and a[i] > 0` must not
# read a[i] when i is out of bounds (the launch has more threads than a).
from numba import cuda


@cuda.jit
def guarded_read(a, out):
    i = cuda.grid(1)
    n = a.size
    if i < n and a[i] > 0:
        out[i] = 1
    elif i >= n or a[i] == 0:
        out[i] = 2
    else:
        out[i] = 3


@cuda.jit
def logic_values(a, b, f, out):
    i = cuda.grid(1)
    if i < a.size:
        p = a[i] > 0 and b[i] > 0
        q = a[i] > 0 or b[i] > 0
        r = not (a[i] > b[i])
        f[i] = p and not q
        k = 0
        if p:
            k += 1
        if q:
            k += 2
        if r:
            k += 4
        if not a[i]:
            k += 8
        if a[i] and b[i]:
            k += 16
        if a[i] or b[i]:
            k += 32
        out[i] = k


@cuda.jit
def bool_arrays(m, n, out):
    i = cuda.grid(1)
    if i < m.size:
        out[i, 0] = m[i] and n[i]
        out[i, 1] = m[i] or n[i]
        out[i, 2] = not m[i]
        out[i, 3] = m[i] != n[i]
        out[i, 4] = m[i] == (not n[i])
