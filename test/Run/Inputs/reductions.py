# Reductions beyond the documents': max, min, a product, a mixed-type
# operator and an operator that calls a device function.
from numba import cuda


@cuda.reduce
def max_reduce(a, b):
    return a if a > b else b


@cuda.reduce
def min_reduce(a, b):
    return min(a, b)


@cuda.reduce
def prod_reduce(a, b):
    return a * b


@cuda.jit(device=True)
def larger_abs(a, b):
    return a if abs(a) >= abs(b) else b


@cuda.reduce
def absmax_reduce(a, b):
    return larger_abs(a, b)
