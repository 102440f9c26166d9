# cuda.local.array: per-thread scratch arrays (1-d and 2-d), filled, sorted
# and read back.
from numba import cuda, float64, int32

N = 8


@cuda.jit
def local_sort(A, out):
    i = cuda.grid(1)
    if i < A.shape[0]:
        tmp = cuda.local.array(N, float64)
        for k in range(N):
            tmp[k] = A[i, k]
        # Insertion sort.
        for k in range(1, N):
            v = tmp[k]
            j = k - 1
            while j >= 0 and tmp[j] > v:
                tmp[j + 1] = tmp[j]
                j -= 1
            tmp[j + 1] = v
        for k in range(N):
            out[i, k] = tmp[k]


@cuda.jit
def local_digits(a, out):
    i = cuda.grid(1)
    if i < a.size:
        digits = cuda.local.array(shape=10, dtype=int32)
        x = a[i]
        n = 0
        while x > 0:
            digits[n] = x % 10
            x //= 10
            n += 1
        r = 0
        for k in range(n):
            r = r * 10 + digits[k]
        out[i] = r


@cuda.jit
def local_2d(a, out):
    i = cuda.grid(1)
    if i < a.size:
        m = cuda.local.array((3, 3), float64)
        for r in range(3):
            for c in range(3):
                m[r, c] = a[i] * (r + 1) - c
        out[i] = m[0, 0] * m[1, 1] * m[2, 2] - m[0, 2] * m[1, 1] * m[2, 0]
