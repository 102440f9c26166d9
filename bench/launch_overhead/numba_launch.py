"""numba-cuda's launch cost for the same kernel, for the note's anchor table.

Run on a GPU machine with numba-cuda: python3 numba_launch.py [launches] [rounds]
"""
import sys
import time

import numpy as np
from numba import cuda


@cuda.jit('void(float32[:])')
def touch(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] += 1


def main():
    launches = int(sys.argv[1]) if len(sys.argv) > 1 else 20000
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 15
    a = cuda.to_device(np.zeros(32, dtype=np.float32))
    touch[1, 32](a)
    cuda.synchronize()
    per_launch = []
    for _ in range(rounds):
        start = time.perf_counter()
        for _ in range(launches):
            touch[1, 32](a)
        cuda.synchronize()
        per_launch.append((time.perf_counter() - start) / launches * 1e9)
    per_launch.sort()
    print(f"numba-cuda touch[1, 32](a): {per_launch[len(per_launch) // 2]:.1f} ns/launch "
          f"(median of {rounds} rounds of {launches})")


if __name__ == "__main__":
    main()
