"""numba-cuda's cuda.reduce (the documents' sum_reduce) on the same sizes
and values as reduce_bench.cpp: CSV n,numba_ms,numba_result on stdout."""
import sys
import time

import numpy as np

# numba-cuda 0.30 still calls np.row_stack, which NumPy 2.5 removed.
if not hasattr(np, "row_stack"):
    np.row_stack = np.vstack

from numba import cuda  # noqa: E402


@cuda.reduce
def sum_reduce(a, b):
    return a + b


def main():
    max_log = int(sys.argv[1]) if len(sys.argv) > 1 else 30
    i = np.arange(1 << max_log)
    host = (((i % 8) // 2 + 1) / 4.0 * np.where(i % 2, -1.0, 1.0)).astype(np.float32)
    host[0] += 5.0
    d = cuda.to_device(host)
    print("n,numba_ms,numba_result")
    for log in range(12, max_log + 1, 2):
        n = 1 << log
        view = d[:n]
        reps = 200 if log <= 20 else 50 if log <= 26 else 15
        result = sum_reduce(view)
        times = []
        for _ in range(reps):
            t0 = time.perf_counter()
            result = sum_reduce(view)
            times.append((time.perf_counter() - t0) * 1e3)
        times.sort()
        print("%d,%.5f,%.9g" % (n, times[len(times) // 2], result), flush=True)


if __name__ == "__main__":
    main()
