# cuda.grid(3) and cuda.gridsize(3) over 3-d arrays.
from numba import cuda


@cuda.jit
def grid3_ids(a, out):
    x, y, z = cuda.grid(3)
    if x < out.shape[0] and y < out.shape[1] and z < out.shape[2]:
        out[x, y, z] = x * 100 + y * 10 + z + a[x, y, z]


@cuda.jit
def grid3_stride(a, out):
    x, y, z = cuda.grid(3)
    sx, sy, sz = cuda.gridsize(3)
    for i in range(x, a.shape[0], sx):
        for j in range(y, a.shape[1], sy):
            for k in range(z, a.shape[2], sz):
                out[i, j, k] = a[i, j, k] * 0.25 + sx * sy * sz
