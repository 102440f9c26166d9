from numba import cuda

# Tuples longer than 16 elements of one type are LLVM arrays, kept in memory
# and passed to device functions by address (codegen/EmitModule.cpp): these
# kernels check that every way of making, indexing, passing and returning
# one still computes what Numba computes.

WEIGHTS = (0.5, 1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5,
           10.5, 11.5, 12.5, 13.5, 14.5, 15.5, 16.5, 17.5, 18.5, 19.5)


@cuda.jit(device=True)
def spread(x):
    return (x, x + 1.0, x + 2.0, x + 3.0, x + 4.0, x + 5.0, x + 6.0, x + 7.0,
            x + 8.0, x + 9.0, x + 10.0, x + 11.0, x + 12.0, x + 13.0, x + 14.0,
            x + 15.0, x + 16.0, x + 17.0)


@cuda.jit(device=True)
def total(t, n):
    s = 0.0
    for i in range(n):
        s += t[i]
    return s


@cuda.jit(device=True)
def last(t):
    return t[-1]


@cuda.jit
def tuples(out, x, parts):
    t = spread(x)
    out[0] = total(t, len(t)) + t[17]
    out[1] = total(spread(x * 2.0), 18)
    out[2] = total(WEIGHTS, len(WEIGHTS)) + WEIGHTS[3]
    s = 0.0
    for w in WEIGHTS:
        s += w * w
    out[3] = s
    out[4] = last(t) + last(WEIGHTS)
    t = spread(out[0])
    out[5] = t[parts[0]] + t[parts[1]]
    u = (x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, 1.0)
    out[6] = total(u, 20)
