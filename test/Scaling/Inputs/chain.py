"""Writes a module of N device functions, each calling the one before, and
a kernel `k` that calls the last: Usage: chain.py N FILE."""
import sys

n, path = int(sys.argv[1]), sys.argv[2]
with open(path, "w") as f:
    f.write("from numba import cuda\n\n@cuda.jit(device=True)\ndef f0(x):\n    return x + 1\n\n")
    for i in range(1, n):
        f.write("@cuda.jit(device=True)\ndef f%d(x):\n    return f%d(x) + 1\n\n" % (i, i - 1))
    f.write("@cuda.jit\ndef k(out):\n    out[0] = f%d(out[0])\n" % (n - 1))
