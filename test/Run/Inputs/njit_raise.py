"""raise and assert in @njit functions: Numba's CPU target raises them to
the caller, with constant arguments."""
from numba import njit

LIMIT = 100


@njit("float64(float64)")
def checked_sqrt(x):
    if x < 0:
        raise ValueError("negative input")
    return x ** 0.5


@njit("int64(int64)")
def bounded(n):
    if n > LIMIT:
        raise OverflowError("over the limit", LIMIT)
    if n < 0:
        raise IndexError
    return n * 2


@njit("int64(int64)")
def lookup(k):
    if k != 1:
        raise KeyError("missing")
    return 10


@njit("float64(float64)")
def asserted(x):
    assert x != 0.0, "zero has no inverse"
    return 1.0 / x


@njit("int64(int64)")
def asserted_bare(n):
    assert n % 2 == 0
    return n // 2


@njit("float64(float64)")
def through_callee(x):
    # The callee's exception reaches this function's caller.
    return checked_sqrt(x) + 1.0
