"""raise in @njit functions that Numba's CPU target refuses: a class of
the program's own, and an argument computed at run time."""
from numba import njit


class MyError(Exception):
    pass


@njit("int64(int64)")
def custom(n):
    if n < 0:
        raise MyError("custom")
    return n


@njit("int64(int64)")
def computed(n):
    if n < 0:
        raise ValueError(n)
    return n
