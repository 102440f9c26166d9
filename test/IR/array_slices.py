# Slices give views with Numba's layouts: a C array stays C while the
# indices from the outermost dimension inward are integers and the
# innermost is a slice without a step; an F array mirrors it (a 1-D F view
# is C: the same thing); anything else has arbitrary strides (A). Views of
# shared memory stay shared.
# RUN: %pykc %s --sig 'views(float32[:, ::1], float32[::1, :], float32[:])' --emit=ir -o - | FileCheck %s
# RUN: %if ptxas %{ %pykc %s --sig 'views(float32[:, ::1], float32[::1, :], float32[:])' -o %t.ptx && %ptxas -arch=sm_75 %t.ptx -o /dev/null %}
from numba import cuda, float32


@cuda.jit
def views(c, f, a):
    i = cuda.grid(1)
    rows = c[1:3]
    row = c[i, :]
    col = c[:, i]
    stepped = c[i, ::2]
    fcol = f[:, i]
    frow = f[i, :]
    any_ = a[2:]
    sm = cuda.shared.array(0, dtype=float32)
    half = sm[0:i]
    back = sm[::-1]
    rows[0, 0] = row[0] + col[0] + stepped[0] + fcol[0] + frow[0] + any_[0] + half[0] + back[0]

# CHECK-LABEL: kernel views(c: array(float32, 2d, C), f: array(float32, 2d, F), a: array(float32, 1d, A))
# CHECK: rows: array(float32, 2d, C) = c[1:3, ...]
# CHECK: row: array(float32, 1d, C) = c[i, :, ...]
# CHECK: col: array(float32, 1d, A) = c[:, i, ...]
# CHECK: stepped: array(float32, 1d, A) = c[i, ::2, ...]
# CHECK: fcol: array(float32, 1d, C) = f[:, i, ...]
# CHECK: frow: array(float32, 1d, A) = f[i, :, ...]
# CHECK: any_: array(float32, 1d, A) = a[2:, ...]
# CHECK: half: array(float32, 1d, C, shared) = sm[0:i, ...]
# CHECK: back: array(float32, 1d, A, shared) = sm[::-1, ...]
