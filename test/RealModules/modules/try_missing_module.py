"""A compiled extension that is never installed: the pure-Numba fallback is
used, in the handler, and a flag records which."""
from numba import cuda

try:
    import not_a_real_module_xyz as _ext
    from not_a_real_module_xyz import fast_relu
    HAVE_EXT = True
except ImportError:
    HAVE_EXT = False

    @cuda.jit(device=True)
    def fast_relu(x):
        return x if x > 0 else 0.0 * x


if HAVE_EXT:
    _LEAK = 0.5
else:
    _LEAK = 0.01


@cuda.jit
def leaky_relu(x, out):
    i = cuda.grid(1)
    if i < x.shape[0]:
        v = x[i]
        out[i] = fast_relu(v) + _LEAK * (v - fast_relu(v))
