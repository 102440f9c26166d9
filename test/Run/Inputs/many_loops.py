"""A kernel of N loops after one another, more than the optimizer's
loop-fence threshold (codegen/LoopFences.h), and its expected output.

  many_loops.py kernel FILE N      writes the kernel `many_loops(a, out, m)`
  many_loops.py expect FILE N A M  writes what it leaves in `out` for the
                                   int64 array A (a .npy file) and m = M

Loop j runs `range(j % 5 + 1)` or, every third loop, `range(m)`; most only
read `a` (the case whose MemorySSA walks the fences bound), every fourth
also writes out[i].
"""
import sys


def loops(n):
    for j in range(n):
        trips = "m" if j % 3 == 2 else str(j % 5 + 1)
        yield j, trips, j % 4 == 3


def kernel(path, n):
    lines = ["from numba import cuda", "", "", "@cuda.jit",
             "def many_loops(a, out, m):", "    i = cuda.grid(1)",
             "    if i < a.size:", "        s = 0", "        out[i] = 0"]
    for j, trips, writes in loops(n):
        lines.append("        for t in range(%s):" % trips)
        lines.append("            s += a[i] * t + %d" % j)
        if writes:
            lines.append("            out[i] += s % 7")
    lines.append("        out[i] += s")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def expect(path, n, array, m):
    import numpy as np
    a = np.load(array)
    out = np.zeros_like(a)
    for i, x in enumerate(a.tolist()):
        s, o = 0, 0
        for j, trips, writes in loops(n):
            for t in range(m if trips == "m" else int(trips)):
                s += x * t + j
                if writes:
                    o += s % 7
        out[i] = o + s
    np.save(path, out)


if __name__ == "__main__":
    if sys.argv[1] == "kernel":
        kernel(sys.argv[2], int(sys.argv[3]))
    else:
        expect(sys.argv[2], int(sys.argv[3]), sys.argv[4], int(sys.argv[5]))
