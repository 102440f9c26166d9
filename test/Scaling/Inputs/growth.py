"""Compiles generated programs of size n and 8n and checks that pykc's work
grows about linearly with their size.

Usage: growth.py PYKC SHAPE N

What is compared are deterministic counts, never times: the typed IR's
lines (--emit=ir), the optimized LLVM IR's instructions (--emit=llvm) and
the PTX's lines, and the compiler's peak memory above what an empty kernel
takes. Each may grow at most GROWTH_LIMIT times when the program grows 8
times (linear growth gives about 8; quadratic would give about 64).
Prints one line per quantity, then "ok" or the first quantity over the limit.
"""
import os
import resource
import subprocess
import sys
import tempfile

GROWTH_LIMIT = 12.0  # for 8 times the size: linear with room for constants
MEMORY_FLOOR_KB = 4096  # below this, growth in memory is noise


HEADER = "from numba import cuda, float32\n\n"


def tuple_literal(n):
    """A tuple literal of n constants, indexed in a loop and directly."""
    elements = ", ".join("%d.5" % i for i in range(n))
    return HEADER + (
        "@cuda.jit('void(float64[:])')\n"
        "def k(out):\n"
        "    t = (%s,)\n"
        "    s = 0.0\n"
        "    for i in range(len(t)):\n"
        "        s += t[i]\n"
        "    out[0] = s + t[3]\n" % elements), None


def tuple_parameter(n):
    """A kernel taking an n-element tuple, summed in a loop."""
    sig = "k((%s), float32[:])" % ", ".join(["float32"] * n)
    return HEADER + (
        "@cuda.jit\n"
        "def k(t, out):\n"
        "    s = float32(0)\n"
        "    for i in range(len(t)):\n"
        "        s += t[i]\n"
        "    out[0] = s\n"), sig


def tuple_through_calls(n):
    """An n-element tuple passed to device functions and returned."""
    elements = ", ".join("x + %d.0" % i for i in range(n))
    return HEADER + (
        "@cuda.jit(device=True)\n"
        "def make(x):\n"
        "    return (%s,)\n\n"
        "@cuda.jit(device=True)\n"
        "def pick(t, i):\n"
        "    return t[i]\n\n"
        "@cuda.jit('void(float64[:], int64)')\n"
        "def k(out, i):\n"
        "    t = make(out[0])\n"
        "    out[1] = pick(t, i) + pick(t, 2)\n" % elements), None


def call_chain(n):
    """n device functions, each calling the one before."""
    parts = ["@cuda.jit(device=True)\ndef f0(x):\n    return x + 1\n\n"]
    for i in range(1, n):
        parts.append("@cuda.jit(device=True)\ndef f%d(x):\n    return f%d(x) * 3 + %d\n\n"
                     % (i, i - 1, i))
    parts.append("@cuda.jit('void(int32[:])')\ndef k(out):\n    out[0] = f%d(out[0])\n" % (n - 1))
    return HEADER + "".join(parts), None


def statements(n):
    """n statements in one kernel, each depending on the one before."""
    body = "".join("    x = x * %d.0 + out[%d]\n" % (i % 7 + 1, i % 4) for i in range(n))
    return HEADER + (
        "@cuda.jit('void(float32[:])')\n"
        "def k(out):\n"
        "    x = out[0]\n" + body + "    out[0] = x\n"), None


def branches(n):
    """n if/else statements, each assigning in both branches."""
    body = "".join("    if x > %d.0:\n        y = x - %d.0\n    else:\n        y = x + %d.0\n"
                   "    x = y * 0.5\n" % (i, i, i) for i in range(n))
    return HEADER + (
        "@cuda.jit('void(float32[:])')\n"
        "def k(out):\n"
        "    x = out[0]\n" + body + "    out[0] = x\n"), None


def kernels(n):
    """n kernels in one module."""
    parts = ["@cuda.jit('void(float32[:])')\ndef k%d(out):\n    out[%d] = out[0] * %d.0\n\n"
             % (i, i % 8, i) for i in range(n)]
    return HEADER + "".join(parts), None


def nested_functions(n):
    """n functions nested in one kernel, each reading a kernel variable and
    calling the one before; the kernel calls every fifth."""
    defs = "".join("    def f%d(x):\n        return x * s + %d%s\n" % (i, i, " + f%d(x)" % (i - 1) if i % 40 else "")
                   for i in range(n))
    calls = "".join("    out[0] += f%d(out[1])\n" % i for i in range(0, n, 5))
    return HEADER + (
        "@cuda.jit('void(float32[:], float32)')\n"
        "def k(out, s):\n" + defs + calls), None


SHAPES = {f.__name__: f for f in (tuple_literal, tuple_parameter, tuple_through_calls,
                                  call_chain, statements, branches, kernels, nested_functions)}


def peak_kb(command):
    """Runs command and returns its peak resident memory in KiB."""
    pid = os.fork()
    if pid == 0:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
        os.execv(command[0], command)
    _, status, usage = os.wait4(pid, 0)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit("pykc failed: " + " ".join(command[:2]))
    return usage.ru_maxrss


def measure(pykc, shape, n, folder):
    source, sig = SHAPES[shape](n)
    path = os.path.join(folder, "%s_%d.py" % (shape, n))
    with open(path, "w") as f:
        f.write(source)
    counts = {}
    for emit in ("ir", "llvm", "ptx"):
        command = [pykc, path, "--emit=" + emit, "-o", "-"] + (["--sig", sig] if sig else [])
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode != 0:
            sys.exit("pykc --emit=%s failed (%d) for %s at n=%d:\n%s"
                     % (emit, done.returncode, shape, n, done.stderr[:2000]))
        lines = done.stdout.splitlines()
        if emit == "llvm":  # instructions: indented lines inside functions
            counts["llvm instructions"] = sum(1 for l in lines if l.startswith("  ")
                                              and not l.startswith("  ;"))
        else:
            counts[emit + " lines"] = len(lines)
    command = [pykc, path, "-o", os.path.join(folder, "out.ptx")] + (["--sig", sig] if sig else [])
    counts["peak memory (KiB)"] = peak_kb(command)
    return counts


def sanitized(pykc):
    """Whether pykc is built with AddressSanitizer, whose quarantine keeps
    freed memory: its peak memory then says nothing about pykc's own."""
    with open(pykc, "rb") as f:
        return b"__asan_init" in f.read()


def main():
    pykc, shape, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
    asan = sanitized(pykc)
    with tempfile.TemporaryDirectory() as folder:
        empty = measure(pykc, "kernels", 1, folder)["peak memory (KiB)"]
        small = measure(pykc, shape, n, folder)
        large = measure(pykc, shape, 8 * n, folder)
    failed = None
    for quantity in small:
        a, b = small[quantity], large[quantity]
        if quantity.startswith("peak memory"):
            if asan:
                print("%s %s: not compared (AddressSanitizer build)" % (shape, quantity))
                continue
            a, b = max(a - empty, MEMORY_FLOOR_KB), max(b - empty, MEMORY_FLOOR_KB)
        ratio = b / max(a, 1)
        ok = ratio <= GROWTH_LIMIT
        print("%s %s: x%s" % (shape, quantity, "%.1f" % ratio if ok else "%.1f OVER" % ratio))
        if not ok and failed is None:
            failed = quantity
    print("ok" if failed is None else "%s grows faster than linearly: %s" % (shape, failed))
    return 0 if failed is None else 1


if __name__ == "__main__":
    sys.exit(main())
