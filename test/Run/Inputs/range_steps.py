from numba import cuda


@cuda.jit
def stepped_sums(steps, out):
    # Each thread counts range(0, 10, its step) and sums range(10, 0, -step);
    # a zero step ends the thread at the first loop, as on Numba-CUDA.
    i = cuda.grid(1)
    if i >= steps.size:
        return
    out[i, 0] = -2
    n = 0
    for _ in range(0, 10, steps[i]):
        n += 1
    out[i, 0] = n
    t = 0
    for j in range(10, 0, -steps[i]):
        t += j
    out[i, 1] = t
