# Numba-CUDA's FFI as its documentation shows it: foreign functions in a
# .cu file, declared with cuda.declare_device and linked with link=.
import os

import cffi
from numba import cuda, types

# The documentation builds the path from __file__; a relative path is
# relative to this file's folder too.
functions_cu = os.path.join(os.path.dirname(__file__), "functions.cu")

# Numba's ABI (the default).
mul = cuda.declare_device("mul_f32_f32", "float32(float32, float32)")
sum_reduce = cuda.declare_device("sum_reduce", "float32(CPointer(float32), int32)")
twice_plus = cuda.declare_device("twice_plus", types.float64(types.float64, types.int16))
# numba-cuda's abi='c', and link= on the declaration.
axpy = cuda.declare_device("axpy_c", "float32(float32, float32, float32)", abi="c")
count_positive = cuda.declare_device("count_positive", "int32(voidptr, int64)", abi="c",
                                     link=["functions.cu"])

ffi = cffi.FFI()


@cuda.jit(link=[functions_cu])
def multiply_vectors(r, x, y):
    i = cuda.grid(1)
    if i < len(r):
        r[i] = mul(x[i], y[i])


@cuda.jit(link=[functions_cu])
def reduction_caller(result, array):
    array_ptr = ffi.from_buffer(array)
    result[0] = sum_reduce(array_ptr, len(array))


@cuda.jit(device=True)
def axpy_twice(a, x, y):
    # A device function that calls foreign ones.
    return axpy(a, x, y) + mul(x, y)


@cuda.jit(link=[functions_cu])
def c_abi(out, x, y):
    i = cuda.grid(1)
    if i < len(out):
        out[i] = axpy_twice(2.0, x[i], y[i])


@cuda.jit
def count(out, values):
    # The array itself for a voidptr parameter; link= of the declaration.
    out[0] = count_positive(values, values.size)


@cuda.jit(link=[functions_cu])
def widen(out, x):
    i = cuda.grid(1)
    if i < len(out):
        out[i] = twice_plus(x[i], i - 3)
