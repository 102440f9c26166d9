"""Module-level NumPy arithmetic against NumPy itself.

Writes a module that binds each expression below at module level and a
kernel that reads every element of every result, has pykc compile it
(--emit=ir gives each frozen value's type) and run it on the CPU backend,
and compares dtypes and values exactly with what this Python's NumPy
computes (NumPy 1.x's promotion rules). Expressions NumPy raises for, and
those pykc leaves to the run by design, must not be frozen: a kernel that
reads one is refused.

    array_math_check.py PYKC WORKDIR
"""
import os
import re
import subprocess
import sys
import warnings

import numpy as np

ARRAYS = {
    "i8": "np.arange(-3, 5, dtype=np.int8)",
    "i16": "np.arange(-3, 5, dtype=np.int16)",
    "i32": "np.arange(-3, 5, dtype=np.int32)",
    "i64": "np.arange(-3, 5)",
    "u8": "np.arange(0, 8, dtype=np.uint8)",
    "u16": "np.arange(0, 8, dtype=np.uint16)",
    "u32": "np.arange(0, 8, dtype=np.uint32)",
    "f32": "np.linspace(-1.75, 2.0, 8, dtype=np.float32)",
    "f64": "np.linspace(-1.75, 2.0, 8)",
    "b": "np.array([True, False, True, True, False, False, True, False])",
}
SCALARS = ["2", "-1", "300", "70000", "-129", "5000000000", "2.5", "0.1", "1e10", "1e300",
           "True", "np.int8(5)", "np.uint8(200)", "np.int64(3)", "np.float32(0.3)",
           "np.float64(0.1)"]
OPERATORS = ["+", "-", "*", "/", "//", "%", "**", "&", "|", "^", "<<", ">>"]
CHUNK = 100


def expressions():
    """(expression, must_refuse) pairs."""
    out = []
    for name, array in ARRAYS.items():
        for op in OPERATORS:
            for s in SCALARS:
                # Powers and shifts by scalars that overflow everything, or
                # float powers whose last bits are libm's: small ones only.
                if op in ("**", "<<", ">>") and s not in ("2", "-1", "True", "np.int8(5)",
                                                          "2.5", "np.float32(0.3)"):
                    continue
                out.append("%s %s %s" % (array, op, s))
                if op in ("-", "/", "//", "%", "**"):
                    out.append("%s %s %s" % (s, op, array))
        for other in ("i8", "u8", "i32", "f32", "f64", "b"):
            for op in ("+", "*", "-", "//", "%"):
                out.append("%s %s %s" % (array, op, ARRAYS[other]))
        for fn in ("-%s", "~%s", "+%s", "np.abs(%s)", "np.sqrt(np.abs(%s))", "np.square(%s)",
                   "np.floor(%s)", "%s.sum()", "np.prod(%s)", "%s.max()", "np.min(%s)",
                   "%s.mean()", "np.cumsum(%s)", "np.maximum(%s, 1)", "np.minimum(%s, 0.5)",
                   "%s.reshape(2, 4) * 3", "%s.reshape(2, -1) + np.arange(4)",
                   "%s.reshape(4, 1) - np.arange(3)"):
            out.append(fn % array)
    # Long sums: pairwise, in pieces of NumPy's buffer.
    for n in (7, 9, 129, 1000, 8193, 20000):
        out.append("(((np.arange(%d) * 7919) %% 10007) * 0.37 + 0.1).sum()" % n)
        out.append("(((np.arange(%d) * 7919) %% 10007) * 0.37).astype(np.float32).sum()" % n)
        out.append("np.mean((np.arange(%d) * 7919) %% 1000003)" % n)
    return out


# What NumPy computes but pykc leaves to the run: float16 and uint64
# results, complex, and float32 powers (NumPy's SIMD loops are not
# correctly rounded) but ndarray.__pow__'s shortcuts (`A ** 2` is
# np.square(A)).
def left_to_run(expression, value):
    dt = np.asarray(value).dtype
    return (dt in (np.float16, np.uint64) or dt.kind == "c"
            or (dt == np.float32 and "**" in expression
                and not re.search(r"\) \*\* (2|-1|True|0\.5|1|0)$", expression)))


def main():
    pykc, work = sys.argv[1], sys.argv[2]
    warnings.simplefilter("ignore")  # NumPy's deprecations of `+bool_array`
    good, refused = [], []
    for e in expressions():
        try:
            with np.errstate(all="ignore"):
                v = eval(e)
        except Exception:
            refused.append(e)
            continue
        if left_to_run(e, v):
            refused.append(e)
        else:
            good.append((e, v))
    width = max(np.asarray(v).size for _, v in good)
    lines = ["import numpy as np", "from numba import cuda", ""]
    for i, (e, _) in enumerate(good):
        lines.append("V%d = %s" % (i, e))
    for i, e in enumerate(refused):
        lines.append("R%d = %s" % (i, e))
    # Kernels of CHUNK expressions each: the CPU backend's optimizer takes
    # far longer over one function of thousands of loops.
    for i, (_, v) in enumerate(good):
        if i % CHUNK == 0:
            lines += ["", "", "@cuda.jit", "def read_%d(out):" % (i // CHUNK)]
        lines.append("    a%d = V%d" % (i, i))
        a = np.asarray(v)
        if a.ndim == 0:
            lines.append("    out[%d, 0] = a%d" % (i, i))
        elif a.ndim == 1:
            lines.append("    for j in range(a%d.shape[0]):" % i)
            lines.append("        out[%d, j] = a%d[j]" % (i, i))
        else:
            lines.append("    for r in range(a%d.shape[0]):" % i)
            lines.append("        for c in range(a%d.shape[1]):" % i)
            lines.append("            out[%d, r * a%d.shape[1] + c] = a%d[r, c]" % (i, i, i))
    lines += ["", "", "@cuda.jit", "def read_refused(out):"]
    lines += ["    out[%d] = R%d[0]" % (i, i) for i in range(len(refused))]
    module = os.path.join(work, "array_math.py")
    with open(module, "w") as f:
        f.write("\n".join(lines) + "\n")

    kernels = ["read_%d" % k for k in range((len(good) + CHUNK - 1) // CHUNK)]
    sigs = sum((["--sig", "%s(float64[:, :])" % k] for k in kernels), [])
    ir = subprocess.run([pykc, module, "--emit=ir", "-o", "-"] + sigs, capture_output=True,
                        text=True)
    if ir.returncode:
        print(ir.stderr)
        return 1
    types = dict(re.findall(r"^\s+a(\d+): ([^=]+?) = ", ir.stdout, re.M))
    out = os.path.join(work, "out.npy")
    np.save(out, np.zeros((len(good), width)))
    for k in kernels:
        run = subprocess.run([pykc, "run", module, k, "--grid", "1", "--block", "1",
                              "--backend", "cpu", out], capture_output=True, text=True)
        if run.returncode:
            print(run.stderr)
            return 1
    got = np.load(out)
    bad = 0
    for i, (e, v) in enumerate(good):
        a = np.asarray(v)
        want = ("array(%s, %dd, C, const)" % (a.dtype, a.ndim)) if a.ndim else str(a.dtype)
        if a.ndim == 0 and not isinstance(v, np.generic):
            want = {"f": "float64", "i": "int64", "b": "bool"}[a.dtype.kind]
        if types.get(str(i)) != want:
            print("%s: type %s, NumPy's %s" % (e, types.get(str(i)), want))
            bad += 1
            continue
        flat = a.astype(np.float64).ravel()
        # NumPy's float powers and transcendental functions are its SIMD
        # loops on AVX-512 machines, pykc's libm's: an ulp apart at most.
        libm = a.dtype == np.float64 and ("**" in e or "np.exp" in e)
        close = np.allclose(got[i, :flat.size], flat, rtol=2.3e-16, atol=0, equal_nan=True)
        if not (close if libm else np.array_equal(got[i, :flat.size], flat, equal_nan=True)):
            print("%s: %s, NumPy's %s" % (e, got[i, :flat.size].tolist(), flat.tolist()))
            bad += 1

    # Each refused expression is host data: reading it is an error that
    # names it.
    r = subprocess.run([pykc, module, "--sig", "read_refused(float64[:])", "--emit=ir", "-ferror-limit=0",
                        "-o", "-"], capture_output=True, text=True)
    host = set(re.findall(r"error: name 'R(\d+)' is defined by host code", r.stderr))
    frozen = [e for i, e in enumerate(refused) if str(i) not in host]
    for e in frozen:
        print("%s: frozen, but NumPy raises or pykc leaves it to the run" % e)
    print("%d expressions as NumPy computes them, %d mismatched; %d refused, %d frozen" %
          (len(good), bad, len(refused), len(frozen)))
    return 1 if bad or frozen else 0


if __name__ == "__main__":
    sys.exit(main())
