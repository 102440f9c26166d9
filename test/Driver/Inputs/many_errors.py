from numba import cuda


@cuda.jit("void(int32[:])")
def k(a):
    a[0] = u0
    a[1] = u1
    a[2] = u2
    a[3] = u3
    a[4] = u4
