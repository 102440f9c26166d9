# Views as modules write them: a.T, a.transpose() with and without axes,
# np.transpose, an ellipsis standing for the leading or trailing
# dimensions, and a.strides (bytes, as NumPy gives them).
import numpy as np
from numba import cuda

AXES = (2, 0, 1)


@cuda.jit
def transposed_copy(a, out):
    # out[j, i] = a[i, j] through a.T, whatever the layouts.
    i, j = cuda.grid(2)
    t = a.T
    if i < t.shape[0] and j < t.shape[1]:
        out[i, j] = t[i, j] + a.transpose()[i, j] + np.transpose(a)[i, j]


@cuda.jit
def permuted_sums(c, out):
    # out[k] sums the k-th plane of c permuted three ways.
    k = cuda.grid(1)
    p = c.transpose(AXES)
    q = c.transpose(1, 2, 0)
    r = np.transpose(c, (0, 2, 1))
    if k < p.shape[0]:
        s = 0.0
        for x in range(p.shape[1]):
            for y in range(p.shape[2]):
                s += p[k, x, y] * (x + 1) - y
        out[k, 0] = s
        out[k, 1] = q.shape[0] * 100 + q.shape[1] * 10 + q.shape[2]
        out[k, 2] = r[0, k % r.shape[1], 1] + c.T[k % c.shape[2], 0, 0]


@cuda.jit
def ellipsis_reads(c, out):
    i = cuda.grid(1)
    if i < c.shape[0]:
        first = c[i, ..., 0]
        last = c[..., -1]
        s = 0.0
        for j in range(first.shape[0]):
            s += first[j] * (j + 1) + last[i, j]
        out[i] = s + c[i, 1, ...][1] + c[...][i, 0, 0]


@cuda.jit
def stride_report(a, out):
    i = cuda.grid(1)
    if i == 0:
        s = a.strides
        out[0] = s[0]
        out[1] = s[1]
        out[2] = a[1:, ::2].strides[1]
        out[3] = a.T.strides[0]
        out[4] = len(a.strides)
