# A device function with a declared signature calls itself, as Numba
# allows (its return type is known before its body is typed).
from numba import cuda


@cuda.jit("i8(i8)", device=True)
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


@cuda.jit("void(int64[:], int64[:])")
def kernel(r, x):
    i = cuda.grid(1)
    r[i] = fib(x[i])
