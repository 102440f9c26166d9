#!/usr/bin/env python3
"""Writes a Python file of N small @cuda.jit kernels for the compile-time
benchmarks: `many_kernels.py N OUT.py [CHANGED]` (CHANGED: a number that
goes into kernel 0 only, so two files differ in one kernel)."""
import sys

n = int(sys.argv[1])
changed = sys.argv[3] if len(sys.argv) > 3 else "0"
lines = ["from numba import cuda, float32", "import math", ""]
for k in range(n):
    extra = changed if k == 0 else "0"
    lines += [
        "",
        f'@cuda.jit("void(float32[:], float32[:], float32)")',
        f"def kernel_{k}(out, x, a):",
        "    i = cuda.grid(1)",
        "    if i < out.size:",
        f"        v = x[i] * a + float32({k}.5 + {extra})",
        f"        out[i] = v * v + math.sqrt(abs(v)) - float32({k % 7})",
        "",
    ]
open(sys.argv[2], "w").write("\n".join(lines))
