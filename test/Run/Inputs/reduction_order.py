# Reductions whose result shows the order of the operands: first(a, b) keeps
# the running value, so the whole reduction gives the array's first value
# (and init, combined last, loses); last(a, b) keeps the newer value, so the
# result is init, combined once at the end.
from numba import cuda


@cuda.reduce
def first_reduce(a, b):
    return a


@cuda.reduce
def last_reduce(a, b):
    return b
