"""cuda.jit(sig, fastmath=True)(fn) and cuda.jit(device=True)(fn), with the
signatures in module constants."""
from numba import cuda

_SIG_F32 = "void(float32[:], float32[:], float32)"


def _lerp(a, b, t):
    return a + t * (b - a)


lerp = cuda.jit(device=True)(_lerp)


def _blend(a, b, t):
    i = cuda.grid(1)
    if i < a.shape[0]:
        b[i] = lerp(a[i], b[i], t)


blend = cuda.jit(_SIG_F32, fastmath=True)(_blend)
blend_exact = cuda.jit(_SIG_F32, fastmath=False)(_blend)
