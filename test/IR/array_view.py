# Indexing only the leading dimensions gives a view of the rest, as in Numba:
# the row of a C array is C, any other view has arbitrary strides.
# RUN: %pykc %s --sig 'rows(float32[:, ::1], float32[:, :])' --emit=ir -o - | FileCheck %s
# RUN: %if ptxas %{ %pykc %s --sig 'rows(float32[:, ::1], float32[:, :])' -o %t.ptx && %ptxas -arch=sm_75 %t.ptx -o /dev/null %}
from numba import cuda


@cuda.jit
def rows(a, b):
    i = cuda.grid(1)
    row = a[i]
    other = b[-1]
    row[0] = other[1] + row.shape[0]

# CHECK-LABEL: kernel rows(a: array(float32, 2d, C), b: array(float32, 2d, A))
# CHECK: row: array(float32, 1d, C) = a[i, ...]
# CHECK: other: array(float32, 1d, A) = b[-1, ...]
# CHECK: row[0] = float32((float64(other[1]) + float64(row.shape[0])))
