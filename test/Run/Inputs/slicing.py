# Slices of arrays in kernels (test/Run/slicing.test): every kind of bound,
# negative steps, rows and columns, views of dynamic shared memory written
# through, and a view passed to a device function.
from numba import cuda, int64


@cuda.jit(device=True)
def total(v):
    s = 0
    for k in range(v.shape[0]):
        s += v[k]
    return s


@cuda.jit
def views(a, b, out, n):
    if cuda.grid(1) != 0:
        return
    r = a[1:7]
    out[0] = r[0] + r.shape[0] * 100
    s = a[::-2]
    out[1] = s[0] + s.shape[0] * 100
    t = a[-3:]
    out[2] = t[1] + t.shape[0] * 100
    u = b[1, :]
    out[3] = u[2] + u.shape[0] * 100
    v = b[:, 2]
    out[4] = v[1] + v.shape[0] * 100
    w = a[n:2:-3]
    out[5] = w[1] + w.shape[0] * 100
    x = a[5:2]
    out[6] = x.shape[0]
    y = b[1:, ::2]
    out[7] = y[1, 1] + y.shape[0] * 100 + y.shape[1] * 1000
    z = a[-100:100:3]
    out[8] = z[2] + z.size * 100
    out[9] = total(b[2, 1:4]) + total(a[::3])


@cuda.jit
def shared_views(out):
    sm = cuda.shared.array(0, dtype=int64)
    back = sm[5::-2]
    for k in range(6):
        sm[k] = 0
    for k in range(back.shape[0]):
        back[k] = k + 1
    for k in range(6):
        out[k] = sm[k]


@cuda.jit(device=True)
def next_count(c):
    c[0] += 1
    return c[0] - 1


@cuda.jit
def bound_order(a, c, out):
    # start, stop, step are evaluated in that order: a[0:6:3].
    v = a[next_count(c):next_count(c) + 5:next_count(c) + 1]
    out[0] = v.shape[0]
    out[1] = v[1]
