# An ellipsis stands for the whole slices the other indices leave, with
# Numba's layouts (arraydecl.py): a C array stays C when nothing follows the
# ellipsis and what precedes it keeps contiguity, so c[1:3, ...] is C while
# c[1:3, :, :] is A; with every dimension indexed it is an element. (A 1-D
# F view is C here, as everywhere in pykc: the same thing.)
# RUN: %pykc %s --sig 'views(float32[:, :, ::1], float32[::1, :], float32[:])' --emit=ir -o - | FileCheck %s
from numba import cuda


@cuda.jit
def views(c, f, a):
    i = cuda.grid(1)
    last = c[..., 0]
    rows = c[1:3, ...]
    rows_spelled = c[1:3, :, :]
    plane = c[i, ...]
    whole = c[...]
    element = c[i, ..., 1, 2]
    tail = c[..., 1:2]
    fcol = f[..., 0]
    frow = f[0, ...]
    fcols = f[..., 1:]
    one = a[..., 0]
    a[i] = last[0, 0] + rows[0, 0, 0] + rows_spelled[0, 0, 0] + plane[0, 0] + whole[0, 0, 0] + element + tail[0, 0, 0] + fcol[0] + frow[0] + fcols[0, 0] + one

# CHECK-LABEL: kernel views(c: array(float32, 3d, C), f: array(float32, 2d, F), a: array(float32, 1d, A))
# CHECK: last: array(float32, 2d, A) = c[:, :, 0, ...]
# CHECK: rows: array(float32, 3d, C) = c[1:3, :, :, ...]
# CHECK: rows_spelled: array(float32, 3d, A) = c[1:3, :, :, ...]
# CHECK: plane: array(float32, 2d, C) = c[i, :, :, ...]
# CHECK: whole: array(float32, 3d, C) = c[:, :, :, ...]
# CHECK: element: float32 = c[i, 1, 2]
# CHECK: tail: array(float32, 3d, A) = c[:, :, 1:2, ...]
# CHECK: fcol: array(float32, 1d, C) = f[:, 0, ...]
# CHECK: frow: array(float32, 1d, A) = f[0, :, ...]
# CHECK: fcols: array(float32, 2d, F) = f[:, 1:, ...]
# CHECK: one: float32 = a[0]
