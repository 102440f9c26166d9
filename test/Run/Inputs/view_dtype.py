# a.view(dtype): the same bytes read as another dtype, with NumPy's shapes
# (the contiguous axis takes the new item size); where NumPy raises (a
# strided axis), the view is empty.
import numpy as np
from numba import cuda


@cuda.jit("void(uint8[::1], int64, int64, int32[:], float32[:, ::1], int64[:])")
def views(byte_arr, start, stop, output, m, sizes):
    output[0] = byte_arr[start:stop].view(np.int32)[0]
    output[1] = byte_arr.view(np.int32)[1]
    w = m.view(np.uint16)
    sizes[0] = w.shape[0]
    sizes[1] = w.shape[1]
    sizes[2] = m.view(np.float64).shape[1]
    sizes[3] = byte_arr[::2].view(np.int32).size
    output[2] = w[1, 3]
