# float16 on the CPU backend (test/Run/float16.test): the cuda.fp16
# intrinsics, each rounded once to float16, and a float16 converted to an
# integer as Numba-CUDA converts it (PTX cvt.rni: to nearest, ties to even;
# Numba's simulator truncates instead).
import numpy as np
from numba import cuda


@cuda.jit
def halves(a, b, out, ints, x):
    i = cuda.grid(1)
    if i < a.size:
        out[i, 0] = cuda.fp16.hadd(a[i], b[i])
        out[i, 1] = cuda.fp16.hsub(a[i], b[i])
        out[i, 2] = cuda.fp16.hmul(a[i], x)
        out[i, 3] = cuda.fp16.hfma(a[i], b[i], x)
        out[i, 4] = cuda.fp16.hmax(a[i], b[i])
        out[i, 5] = cuda.fp16.hneg(cuda.fp16.habs(a[i]))
        ints[i] = np.int32(a[i])
