from numba import cuda


@cuda.jit
def stamp4(x, out):
    i, j = cuda.grid(2)
    if i < x.shape[0] and j < x.shape[1]:
        for k in range(x.shape[2]):
            for m in range(x.shape[3]):
                out[i, j, k, m] = x[i, j, k, m] * 2.0 + i * 1000 + j * 100 + k * 10 + m


@cuda.jit
def sum6(x, out):
    i = cuda.grid(1)
    if i < x.shape[0]:
        acc = 0
        for a in range(x.shape[1]):
            for b in range(x.shape[2]):
                for c in range(x.shape[3]):
                    for d in range(x.shape[4]):
                        for e in range(x.shape[5]):
                            acc += x[i, a, b, c, d, e]
        out[i] = acc
