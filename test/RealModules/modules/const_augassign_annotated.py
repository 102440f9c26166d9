"""Annotated module constants and augmented assignments at module level."""
from numba import cuda

EPS: float = 1e-6
N_ITERS: int = 3
N_ITERS += 1
FACTOR = 2
FACTOR *= 3
FACTOR -= 1
DAMPING: float = 0.5
DAMPING /= 2
SHIFT = 1
SHIFT <<= 4


@cuda.jit
def relax(x, out):
    """N_ITERS Jacobi-like damped steps towards FACTOR."""
    i = cuda.grid(1)
    if i < x.shape[0]:
        v = x[i]
        for _ in range(N_ITERS):
            v = v + DAMPING * (FACTOR - v)
        out[i] = v + EPS + SHIFT
