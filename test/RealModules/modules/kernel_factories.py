"""Kernels and device functions made by factory functions, as libraries
build one kernel per operator or constant: Numba freezes each closure's
values into the kernel it compiles."""
import math

from numba import cuda

SIGNATURE = "void({0}[:], {0}[:])"


def make_affine(gain, bias=0.0):
    """out = gain * x + bias, through a device helper of the same closure."""

    @cuda.jit(device=True)
    def affine(v):
        return gain * v + bias

    @cuda.jit
    def kernel(x, out):
        i = cuda.grid(1)
        if i < x.shape[0]:
            out[i] = affine(x[i])

    return kernel


def make_elementwise(fn, clamp=None):
    """A kernel applying a device function (or math.*) elementwise."""

    def body(x, out):
        i = cuda.grid(1)
        if i < x.shape[0]:
            v = fn(x[i])
            if clamp is not None:
                v = min(v, clamp)
            out[i] = v

    return cuda.jit(body)


def make_poly(c0, c1, c2):
    """A device function for c0 + c1 x + c2 x**2 (Horner)."""

    @cuda.jit(device=True)
    def poly(x):
        return c0 + x * (c1 + x * c2)

    return poly


def make_reducer(mode):
    """Picks the combining rule by a parameter, decided at module level."""
    if mode == "max":
        @cuda.jit(device=True)
        def combine(a, b):
            return max(a, b)
    else:
        @cuda.jit(device=True)
        def combine(a, b):
            return a + b

    @cuda.jit
    def pairwise(x, out):
        i = cuda.grid(1)
        if i < out.shape[0]:
            out[i] = combine(x[2 * i], x[2 * i + 1])

    return pairwise


def _square_minus(a, out):
    i = cuda.grid(1)
    if i < a.shape[0]:
        out[i] = a[i] * a[i] - a[i]


def typed(dtype):
    """cuda.jit with a signature string built from the argument."""
    return cuda.jit(SIGNATURE.format(dtype))(_square_minus)


def make_pair(shift):
    """A forward and an inverse kernel from one call, returned as a tuple."""

    @cuda.jit
    def forward(x, out):
        i = cuda.grid(1)
        if i < x.shape[0]:
            out[i] = x[i] + shift

    def inverse(x, out):
        i = cuda.grid(1)
        if i < x.shape[0]:
            out[i] = x[i] - shift

    return forward, cuda.jit(inverse)


@cuda.jit(device=True)
def halve(v):
    return 0.5 * v


double_plus_one = make_affine(2.0, 1.0)
negate = make_affine(gain=-1.0)
halves = make_elementwise(halve)
sines_clamped = make_elementwise(math.sin, clamp=0.5)
quadratic = make_poly(1.0, -2.0, 0.5)
pair_max = make_reducer("max")
pair_sum = make_reducer("sum")
square_minus_f32 = typed("float32")
shift_up, shift_down = make_pair(3.0)


@cuda.jit
def eval_quadratic(x, out):
    i = cuda.grid(1)
    if i < x.shape[0]:
        out[i] = quadratic(x[i])
