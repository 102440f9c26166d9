# Optional values for Run/optional_values.test: helpers that return None,
# kernels that test it and one that does not, @njit functions returning one.
from numba import cuda, njit


@cuda.jit(device=True)
def find(a, x):
    for i in range(a.size):
        if a[i] == x:
            return i


@cuda.jit(device=True)
def halve(x):
    if x % 2 == 0:
        return x // 2
    return None


@cuda.jit
def unchecked(a, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = find(a, i) * 10


@cuda.jit
def narrowed(a, out):
    i = cuda.grid(1)
    if i >= out.size:
        return
    r = find(a, i)
    if r is None:
        r = -1
    out[i] = r + halve(4)
    h = halve(i)
    out[i] += h if h is not None else 100
    if h is not None and h > 1:
        out[i] += 1000


@njit
def first_index(a, x):
    for i in range(a.size):
        if a[i] == x:
            return i
    return None


@njit
def lookup(a, x):
    return first_index(a, x) + 1
