"""NumPy's anchor for pykc-example-stream_reduce (examples/stream_reduce.cpp).

Times numpy.sum over the same float32 values (1/4, -1/2, 3/4, -1/2 repeated,
plus 1 on every 4096th) and
sizes, 2^12 .. 2^30 then 2 x 10^9, as far as the available host memory holds
them, and prints one row a size: n, milliseconds (median), GB/s, the sum.

    /usr/bin/python3 examples/stream_reduce_numpy.py [MAX_N]
"""
import sys
import time

import numpy as np


def available_host_memory():
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


def main():
    max_n = int(sys.argv[1]) if len(sys.argv) > 1 else 2_000_000_000
    sizes = [1 << k for k in range(12, 31, 3)] + [2_000_000_000]
    pattern = np.array([0.25, -0.5, 0.75, -0.5], dtype=np.float32)
    print("%11s %10s %8s %14s" % ("n", "numpy ms", "GB/s", "sum"))
    for n in sizes:
        if n > max_n:
            break
        need = n * 4 * 5 // 4
        host = available_host_memory()
        if host and need > host:
            print("%d float32 values (%.1f GB) do not fit in the %.1f GB of host memory "
                  "available: stopping at the largest that fits" % (n, n * 4 / 1e9, host / 1e9))
            break
        a = np.resize(pattern, n)
        a[::4096] += np.float32(1)
        reps = 9 if n <= 1 << 21 else 3 if n <= 1 << 27 else 1
        times = []
        for _ in range(reps):
            t0 = time.perf_counter()
            s = a.sum()
            times.append((time.perf_counter() - t0) * 1e3)
        ms = sorted(times)[len(times) // 2]
        print("%11d %10.3f %8.2f %14.2f" % (n, ms, n * 4 / (ms * 1e6), s))
        del a


if __name__ == "__main__":
    main()
