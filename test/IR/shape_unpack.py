# `m, n = arr.shape` unpacks the UniTuple(int64 x 2) shape.
# RUN: %pykc %s --sig 'unpack(float32[:, :])' --emit=ir -o - | FileCheck %s
from numba import cuda


@cuda.jit
def unpack(arr):
    m, n = arr.shape
    arr[m - 1, n - 1] = 0

# CHECK-LABEL: {{^}}kernel unpack(arr: array(float32, 2d, A)) -> none  # symbol unpack
# CHECK-NEXT: {{^}}  $t0: UniTuple(int64 x 2) = (arr.shape[0], arr.shape[1]){{$}}
# CHECK-NEXT: {{^}}  m: int64 = $t0[0]{{$}}
# CHECK-NEXT: {{^}}  n: int64 = $t0[1]{{$}}
# CHECK-NEXT: {{^}}  arr[(m - 1), (n - 1)] = float32(0){{$}}
