"""numba-cuda's launch cost for launch_overhead.cpp's touch4, the anchor of
its table: the same four-array kernel, launched by numba-cuda's dispatcher
on device arrays, timed as launch_overhead.cpp times its own: the host time
to issue the launches, in chunks of 500 with the clock stopped while the
GPU drains each chunk.

Run on a GPU machine with numba-cuda: python3 numba_launch.py [launches] [rounds]
Prints a line, then a CSV line starting with "csv,".
"""
import sys
import time

import numpy as np

# numba-cuda 0.30 still registers np.row_stack, which NumPy 2.4 removed;
# give it the alias back so it imports (nothing here calls it).
if not hasattr(np, "row_stack"):
    np.row_stack = np.vstack

from numba import cuda  # noqa: E402


@cuda.jit('void(float32[:], float32[:], float32[:], float32[:])')
def touch4(a, b, c, d):
    i = cuda.grid(1)
    if i < d.size:
        d[i] = a[i] + b[i] + c[i]


def main():
    launches = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 15
    a, b, c, d = (cuda.to_device(np.zeros(32, dtype=np.float32)) for _ in range(4))
    touch4[1, 32](a, b, c, d)
    cuda.synchronize()
    chunk = 500
    per_launch = []
    for _ in range(rounds):
        total = 0.0
        for _ in range(0, launches, chunk):
            start = time.perf_counter()
            for _ in range(chunk):
                touch4[1, 32](a, b, c, d)
            total += time.perf_counter() - start
            cuda.synchronize()
        per_launch.append(total / launches * 1e9)
    per_launch.sort()
    ns = per_launch[len(per_launch) // 2]
    print(f"numba-cuda touch4[1, 32](a, b, c, d): {ns:.1f} ns/launch "
          f"(median of {rounds} rounds of {launches})")
    print(f"csv,numba_issue,{ns:.1f}")


if __name__ == "__main__":
    main()
