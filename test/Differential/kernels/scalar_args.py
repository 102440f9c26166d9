# Scalar kernel arguments of every kind: int32, int64, float32, float64,
# uint8 and bool.
from numba import cuda


@cuda.jit
def axpy32(a, x, y, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = a * x[i] + y[i]


@cuda.jit
def int32_scalars(n, k, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i, 0] = n * i + k
        out[i, 1] = (i - n) // k
        out[i, 2] = (i - n) % k
        out[i, 3] = n if i < k else -k


@cuda.jit
def all_scalars(i32, i64, f32, f64, u8, flag, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i, 0] = i32 + i
        out[i, 1] = i64 * 2 - i
        out[i, 2] = f32 * i
        out[i, 3] = f64 / (i + 1)
        out[i, 4] = u8 + i
        if flag:
            out[i, 5] = 1.0
        else:
            out[i, 5] = -1.0
        out[i, 6] = i32 * f32 + i64 * f64
