from numba import cuda


@cuda.jit
def contains(k, out):
    i = cuda.grid(1)
    if i < k.shape[0]:
        a = k[i] in (1, 3, 5)
        b = k[i] not in (2, 4)
        c = float(k[i]) in (1.5, 3.0)
        out[i] = int(a) + 2 * int(b) + 4 * int(c)


@cuda.jit
def mixed(a):
    a[0] = a[0] in (1, 2.5)


@cuda.jit
def in_array(a):
    a[1] = a[0] in a
