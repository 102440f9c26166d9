# Row views `row = A[i]` of 2-d arrays (C and F order), read only.
from numba import cuda


@cuda.jit
def row_sums(A, out):
    i = cuda.grid(1)
    if i < A.shape[0]:
        row = A[i]
        s = 0.0
        for j in range(len(row)):
            s += row[j]
        out[i] = s


@cuda.jit
def row_max(A, out):
    i = cuda.grid(1)
    if i < A.shape[0]:
        row = A[i]
        best = row[0]
        for j in range(1, row.shape[0]):
            if row[j] > best:
                best = row[j]
        out[i] = best + row[-1] - row.size
