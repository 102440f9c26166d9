import numpy as np
from numba import njit


@njit
def conj_pair(x):
    return complex(x, -x)


@njit
def with_count(x):
    return (complex(x, 1.0), 2)


@njit
def first(a):
    return a[0]


@njit
def pure_imag(y):
    return complex(0.0, y)


@njit
def signed_zeros(x):
    return complex(-0.0 * x, -0.0 * x)


@njit
def big(x):
    return complex(x * 1e20, x * 1e-7)


@njit
def returns_array(a):
    a[0] = 7.0
    return a


@njit
def returns_view_in_tuple(a):
    return a[1:], 1
