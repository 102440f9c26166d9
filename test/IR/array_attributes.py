# len(arr) is shape[0]; arr.size, arr.shape[i] are int64; arr.ndim is a
# compile-time constant.
# RUN: %pykc %s --sig 'attrs(int64[:, :])' --emit=ir -o - | FileCheck %s
from numba import cuda


@cuda.jit
def attrs(arr):
    n = len(arr)
    s = arr.size
    rows = arr.shape[0]
    cols = arr.shape[1]
    d = arr.ndim
    arr[0, 0] = n + s + rows + cols + d

# CHECK-LABEL: {{^}}kernel attrs(arr: array(int64, 2d, A)) -> none  # symbol attrs
# CHECK-NEXT: {{^}}  n: int64 = arr.shape[0]{{$}}
# CHECK-NEXT: {{^}}  s: int64 = arr.size{{$}}
# CHECK-NEXT: {{^}}  rows: int64 = arr.shape[0]{{$}}
# CHECK-NEXT: {{^}}  cols: int64 = arr.shape[1]{{$}}
# CHECK-NEXT: {{^}}  d: int64 = 2{{$}}
# CHECK-NEXT: {{^}}  arr[0, 0] = ((((n + s) + rows) + cols) + d){{$}}
