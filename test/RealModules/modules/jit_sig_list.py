"""One kernel compiled eagerly for several signatures, as ufunc-like
libraries do."""
from numba import cuda

_SIGS = [
    "void(float32[:], float32[:])",
    "void(float64[:], float64[:])",
]


@cuda.jit(_SIGS)
def cumulative_pairs(x, out):
    i = cuda.grid(1)
    if i < x.shape[0]:
        prev = x[i - 1] if i > 0 else 0
        out[i] = x[i] + prev


@cuda.jit(["void(int32[:], int32[:])", "void(int64[:], int64[:])"])
def absdiff_next(x, out):
    i = cuda.grid(1)
    if i + 1 < x.shape[0]:
        out[i] = abs(x[i + 1] - x[i])
