from numba import cuda


@cuda.jit("void(float32[:])")
def good(a):
    a[0] = 1.0


@cuda.jit("void(float32[:], int64)")
def mistyped(a, n):
    a[0] = n.real_part


@cuda.jit
def unsigned_ok(a):
    a[0] = 2.0


@cuda.jit
def unsigned_bad(a):
    a[0] = also_missing + 1
