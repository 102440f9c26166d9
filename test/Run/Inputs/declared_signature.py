# A kernel declared with a signature (test/Run/declared_signature.test).
from numba import cuda


@cuda.jit("void(int32[:], int32, float32)")
def clz_and_half(out, c, x):
    out[0] = cuda.clz(c)
    out[1] = int(x * 2)
