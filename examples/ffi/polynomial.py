# A kernel that calls CUDA C++ device functions (polynomial.cu), as
# Numba-CUDA's FFI documents it: cuda.declare_device declares each one with
# its Numba signature, and link= names the file that defines them.
from numba import cuda

polyval = cuda.declare_device("polyval", "float64(float64, CPointer(float64), int32)")
clamp = cuda.declare_device("clamp", "float64(float64, float64, float64)", abi="c")


@cuda.jit(link=["polynomial.cu"])
def evaluate(out, x, coefficients, lo, hi):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = clamp(polyval(x[i], coefficients, coefficients.size), lo, hi)
