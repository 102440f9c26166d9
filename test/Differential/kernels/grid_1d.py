# cuda.grid(1) and cuda.gridsize(1): a grid-stride loop over more elements
# than there are threads.
from numba import cuda


@cuda.jit
def grid_stride(a, out):
    start = cuda.grid(1)
    stride = cuda.gridsize(1)
    for k in range(start, a.shape[0], stride):
        out[k] = a[k] * 2.0 + 1.0


@cuda.jit
def grid_ids(ids, sizes):
    i = cuda.grid(1)
    if i < ids.size:
        ids[i] = i
        sizes[i] = cuda.gridsize(1)
