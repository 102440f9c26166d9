# Functions written inside kernels, as Numba inlines them: a nested def and
# a lambda bound to a name, reading the kernel's variables when called (a
# later assignment is seen by a later call), with defaults and keywords,
# calling each other, and one that reads nothing passed as a value.
from numba import cuda


@cuda.jit(device=True)
def apply_twice(f, x):
    return f(f(x))


@cuda.jit
def nested(a, out, scale):
    n = a.shape[0]

    def weight(x, power=2):
        return scale * x ** power / n

    clip = lambda v: min(max(v, -1.0), 1.0)

    def both(x):
        return clip(weight(x)) + offset

    def halve(x):
        return x / 2

    offset = 0.5
    i = cuda.grid(1)
    if i < n:
        out[i, 0] = both(a[i])
        out[i, 1] = weight(a[i], 1) + weight(power=2, x=a[i] + 1)
        offset = 2.0
        out[i, 2] = both(a[i])
        out[i, 3] = apply_twice(halve, a[i])
