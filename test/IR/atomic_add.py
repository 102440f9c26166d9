# cuda.atomic.add(array, index, value): the value is cast to the array's
# dtype, the index is one integer (1-d) or a tuple (n-d, also a tuple
# variable) with the usual wraparound, and the result is the old element,
# typed as the dtype.
# RUN: %pykc %s --sig 'count(int32[:], float32[:, :], int64)' --emit=ir -o - | FileCheck %s
from numba import cuda


@cuda.jit
def count(bins, grid, v):
    i = cuda.grid(1)
    old = cuda.atomic.add(bins, i % bins.size, 1)
    cuda.atomic.add(grid, (old, -1), v)
    idx = (0, i)
    f = cuda.atomic.add(grid, idx, 0.5)
    bins[0] = old + 1
    grid[1, 1] = f

# CHECK-LABEL: {{^}}kernel count(bins: array(int32, 1d, A), grid: array(float32, 2d, A), v: int64) -> none  # symbol count
# CHECK-NEXT: {{^}}  i: int64 = cuda.grid(1){{$}}
# CHECK-NEXT: {{^}}  old: int32 = cuda.atomic.add(bins, pykc_mod_int64(i, bins.size), int32(1)){{$}}
# CHECK-NEXT: {{^}}  cuda.atomic.add(grid, (old, -1), float32(v)){{$}}
# CHECK-NEXT: {{^}}  idx: UniTuple(int64 x 2) = (0, i){{$}}
# CHECK-NEXT: {{^}}  f: float32 = cuda.atomic.add(grid, (idx[0], idx[1]), float32(0.5)){{$}}
# CHECK-NEXT: {{^}}  bins[0] = int32((int64(old) + 1)){{$}}
# CHECK-NEXT: {{^}}  grid[1, 1] = f{{$}}
