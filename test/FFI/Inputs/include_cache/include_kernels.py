from numba import cuda

scale = cuda.declare_device("scale_by_factor", "float32(float32)")


@cuda.jit(link=["scale.cu"])
def scale_all(r, x):
    i = cuda.grid(1)
    if i < r.size:
        r[i] = scale(x[i])
