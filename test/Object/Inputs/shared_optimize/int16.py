# So does which 16-bit integer operations are (pairs of them from sm_90
# with PTX 8.0).
from numba import cuda


@cuda.jit("void(int16[:], int16[:])")
def twice_int16(out, x):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = x[i] + x[i]
