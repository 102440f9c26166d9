from numba import cuda


@cuda.jit
def range_count(out, start, stop, step):
    # How many times range(start, stop, step) runs, and its last value: the
    # bounds sit at the ends of their type, where start + step overflows.
    n = 0
    last = start
    for k in range(start, stop, step):
        n += 1
        last = k
    out[0] = n
    out[1] = last
