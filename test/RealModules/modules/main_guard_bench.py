"""Matrix-vector product with a benchmark harness under __main__ that reads
the environment and the command line (pykc never evaluates it)."""
import os
import sys
import time

import numpy as np
from numba import cuda

THREADS = 32


@cuda.jit
def matvec(a, x, y):
    row = cuda.grid(1)
    if row < a.shape[0]:
        acc = 0.0
        for col in range(a.shape[1]):
            acc += a[row, col] * x[col]
        y[row] = acc


if __name__ == "__main__":
    N = int(os.environ.get("N", "256"))
    REPEAT = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    a = np.random.rand(N, N)
    x = np.random.rand(N)
    y = np.zeros(N)
    start = time.time()
    for _ in range(REPEAT):
        matvec[(N + THREADS - 1) // THREADS, THREADS](a, x, y)
    print("%.3f ms" % ((time.time() - start) * 1e3 / REPEAT))
