# a.T, a.transpose() and np.transpose(a) reverse the dimensions with
# Numba's layouts (C becomes F, F becomes C, A stays A, a 1-D array is
# itself); explicit axes permute them and give A, but one integer axis of a
# 1-D array leaves it as it is. a.strides is a tuple of the byte strides.
# RUN: %pykc %s --sig 'views(float32[:, ::1], float32[::1, :], float32[:, :, :], float32[:])' --emit=ir -o - | FileCheck %s
import numpy as np
from numba import cuda, float32

ORDER = (1, 2, 0)


@cuda.jit
def views(c, f, a3, v):
    ct = c.T
    ft = f.transpose()
    at = np.transpose(a3)
    vt = v.T
    p = a3.transpose(ORDER)
    q = a3.transpose(-1, 0, 1)
    r = np.transpose(c, (1, 0))
    w = v.transpose(0)
    wt = v.transpose((0,))
    s = a3.strides
    v[0] = ct[0, 0] + ft[0, 0] + at[0, 0, 0] + vt[0] + p[0, 0, 0] + q[0, 0, 0] + r[0, 0] + w[0] + wt[0] + float32(s[2])

# CHECK-LABEL: kernel views(c: array(float32, 2d, C), f: array(float32, 2d, F), a3: array(float32, 3d, A), v: array(float32, 1d, A))
# CHECK-NEXT: ct: array(float32, 2d, F) = c.transpose(1, 0)
# CHECK-NEXT: ft: array(float32, 2d, C) = f.transpose(1, 0)
# CHECK-NEXT: at: array(float32, 3d, A) = a3.transpose(2, 1, 0)
# CHECK-NEXT: vt: array(float32, 1d, A) = v
# CHECK-NEXT: p: array(float32, 3d, A) = a3.transpose(1, 2, 0)
# CHECK-NEXT: q: array(float32, 3d, A) = a3.transpose(2, 0, 1)
# CHECK-NEXT: r: array(float32, 2d, A) = c.transpose(1, 0)
# CHECK-NEXT: w: array(float32, 1d, A) = v
# CHECK-NEXT: wt: array(float32, 1d, A) = v
# CHECK-NEXT: s: UniTuple(int64 x 3) = (a3.strides[0], a3.strides[1], a3.strides[2])
