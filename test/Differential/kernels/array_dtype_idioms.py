# Idioms of real modules that use an argument's dtype and item size, and a
# device function declared with a tuple return type.
from numba import cuda, float64


@cuda.jit("UniTuple(float64, 2)(float64, float64)", device=True)
def min_max(a, b):
    return (a, b) if a < b else (b, a)


@cuda.jit("Tuple((float64, int64))(float64)", device=True)
def split(v):
    whole = int(v)
    return v - whole, whole


@cuda.jit
def scratch_like(a, out):
    # Scratch arrays of the argument's own dtype, local and shared.
    i = cuda.grid(1)
    tile = cuda.shared.array(32, dtype=a.dtype)
    acc = cuda.local.array(3, a.dtype)
    if i < a.size:
        tile[cuda.threadIdx.x] = a[i]
        acc[0] = a[i]
        acc[1] = a[i] * 2
        acc[2] = acc[0] + acc[1]
    cuda.syncthreads()
    if i < a.size:
        out[i, 0] = acc[2]
        out[i, 1] = tile[(cuda.threadIdx.x + 1) % 32] + a.itemsize


@cuda.jit
def tuple_returns(a, out, iout):
    i = cuda.grid(1)
    if i < a.shape[0]:
        lo, hi = min_max(a[i, 0], a[i, 1])
        out[i, 0] = lo
        out[i, 1] = hi
        frac, whole = split(a[i, 0] * 10)
        out[i, 2] = frac
        iout[i] = whole
