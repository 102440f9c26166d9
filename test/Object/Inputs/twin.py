# A second module whose kernel has the same name as one in saxpy.py: both
# objects link into one program because only their registrations are global.
from numba import cuda


@cuda.jit('void(int64[:])')
def saxpy(y):
    i = cuda.grid(1)
    if i < y.size:
        y[i] += 1
