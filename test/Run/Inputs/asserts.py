# `assert` in a kernel, as Numba-CUDA runs it without debug=True: a thread
# whose test fails stops there silently; the others go on. A message is
# never evaluated; a test known true builds nothing.
from numba import cuda


@cuda.jit
def checked_scale(a, out, limit):
    i = cuda.grid(1)
    if i < a.shape[0]:
        out[i, 0] = 1.0
        assert a[i] < limit, "value over the limit"
        out[i, 1] = a[i] * 2
        assert True
        assert i % 3 != 1
        out[i, 2] = a[i] + i
