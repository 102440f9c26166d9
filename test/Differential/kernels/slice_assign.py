# Assigning a scalar to a slice of an array, as NumPy broadcasts it: whole
# rows, partial and stepped slices, negative steps, an ellipsis, the index
# of a 2-D array's row, and a value converted to the array's dtype once.
from numba import cuda


@cuda.jit
def fill_rows(a, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i] = -1.0
        out[i, 1:4] = a[i]
        out[i, ::3] = a[i] * 2
        out[i, 6:2:-2] = i
        out[i, -1:] = out[i, 0] + 0.5


@cuda.jit
def fill_cube(c, v):
    i = cuda.grid(1)
    if i < c.shape[0]:
        c[i] = v
        c[i, :, 1] = i
        c[i, ..., 0] = -i
        c[i, 2, ...] = v * 3


@cuda.jit
def fill_converted(a, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        out[i, :] = a[i] * 3.75
        out[i, 2::2] = True
