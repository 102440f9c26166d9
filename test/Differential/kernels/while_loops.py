# while loops with break and continue: Collatz step counts with a cap, and a
# search that skips entries.
from numba import cuda


@cuda.jit
def collatz(a, out):
    i = cuda.grid(1)
    if i < a.size:
        x = a[i]
        steps = 0
        while x != 1:
            if x % 2 == 0:
                x = x // 2
            else:
                x = 3 * x + 1
            steps += 1
            if steps >= 60:
                break
        out[i] = steps


@cuda.jit
def first_positive_even(A, out):
    i = cuda.grid(1)
    if i < A.shape[0]:
        j = 0
        found = -1
        skipped = 0
        while j < A.shape[1]:
            v = A[i, j]
            j += 1
            if v <= 0:
                skipped += 1
                continue
            if v % 2 == 1:
                continue
            found = j - 1
            break
        out[i, 0] = found
        out[i, 1] = skipped
        out[i, 2] = j


@cuda.jit
def nested_loops_break(out):
    i = cuda.grid(1)
    if i < out.size:
        total = 0
        for a in range(10):
            if a == i % 10:
                continue
            b = 0
            while True:
                b += 1
                if b > a:
                    break
                if (a + b) % 4 == 0:
                    continue
                total += a * b
            if total > 150:
                break
        out[i] = total
