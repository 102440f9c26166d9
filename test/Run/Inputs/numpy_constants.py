import numpy as np
from numba import cuda


@cuda.jit
def numpy_constants(out):
    out[0] = np.euler_gamma
    out[1] = np.NINF
    out[2] = np.PINF + np.Inf + np.Infinity
    out[3] = np.NZERO
    out[4] = np.PZERO
    out[5] = np.NaN
    out[6] = np.NAN
