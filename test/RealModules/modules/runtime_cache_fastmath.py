"""A filter compiled per dtype with fastmath, the kernel cache style of
signal-processing libraries."""
from numba import cuda

_kernel_cache = {}


def _first_order_iir(x, out, alpha):
    """One thread per row: y[n] = alpha * x[n] + (1 - alpha) * y[n - 1]."""
    r = cuda.grid(1)
    if r < x.shape[0]:
        y = 0.0
        for n in range(x.shape[1]):
            y = alpha * x[r, n] + (1.0 - alpha) * y
            out[r, n] = y


def _populate_kernel_cache(np_type):
    if np_type in _kernel_cache:
        return
    if np_type == "float32":
        sig = "void(float32[:, :], float32[:, :], float32)"
    else:
        sig = "void(float64[:, :], float64[:, :], float64)"
    _kernel_cache[np_type] = cuda.jit(sig, fastmath=True)(_first_order_iir)


def get_fn(np_type):
    _populate_kernel_cache(np_type)
    return _kernel_cache[np_type]
