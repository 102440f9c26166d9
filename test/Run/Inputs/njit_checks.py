# @njit functions for pykc call's index checks, recursion and faults
# (call_boundscheck.test, call_recursion.test, call_fault.test).
from numba import njit, prange


@njit(boundscheck=True)
def checked_get(a, i):
    return a[i]


@njit
def get(a, i):
    return a[i]


@njit
def set_cell(m, i, j, v):
    m[i, j] = v
    return m[i, j]


@njit("int64(int64)")
def fact(n):
    if n <= 1:
        return 1
    return n * fact(n - 1)


@njit
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


@njit
def write_far(a, i):
    # No bounds check: i past the end writes into the guard after a.
    a[i] = 1.0
    return a[0]


@njit("int64(int64)")
def depth(n):
    # Not a tail call, nor an accumulator LLVM could turn into a loop.
    if n == 0:
        return 0
    return n - depth(n - 1)


@njit(parallel=True)
def par_write_far(a, i):
    # Each prange chunk writes past a at i + k: a fault on a worker thread.
    for k in prange(4):
        a[i + k] = 1.0
    return a[0]
