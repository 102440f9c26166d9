# Augmented assignment on array elements (1-d and 2-d) and on locals, with
# arithmetic and bitwise operators.
from numba import cuda


@cuda.jit
def aug_float(a, b, M):
    i = cuda.grid(1)
    if i < a.size:
        a[i] += b[i]
        a[i] *= 1.5
        a[i] -= i
        a[i] /= 4.0
        M[i, 0] += a[i]
        M[i, 1] -= b[i] * 2.0
        M[i, 2] //= 3.0
        M[i, 3] %= 2.5
        M[i, 4] **= 2


@cuda.jit
def aug_int(a, b, M):
    i = cuda.grid(1)
    if i < a.size:
        a[i] += b[i]
        a[i] -= 3
        a[i] *= 2
        M[i, 0] //= b[i]
        M[i, 1] %= b[i]
        M[i, 2] &= 0x3C
        M[i, 3] |= b[i]
        M[i, 4] ^= a[i]
        M[i, 5] <<= 2
        M[i, 6] >>= 1
        x = M[i, 0]
        x += 10
        x *= x
        x -= M[i, 1]
        x //= 3
        M[i, 7] = x
