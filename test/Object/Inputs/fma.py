# a * b + c with c = -(a * b) rounded: a fused multiply-add leaves the
# product's rounding error, separate rounding leaves 0.
from numba import cuda


@cuda.jit('void(float64[:], float64[:], float64[:], float64[:])')
def residue(a, b, c, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a[i] * b[i] + c[i]
