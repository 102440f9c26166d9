"""Document 001's two figures, with its kernels compiled ahead of time by pykc.

Document 001 times NumPy against its @cuda.reduce kernels over vectors of
2^12 .. 2^27 float32 values and plots the times on log-log axes:
  1. the sum: NumPy's A.sum() against sum_reduce on a host array (copied to
     the device on every call) and on a device array (copied once);
  2. the absolute sum: NumPy's numpy_reduce (vec * np.where(vec < 0, -1, 1)
     summed) against the @njit(parallel=True) numba_reduce and cuda_reduce
     on a host and on a device array.
Here the kernels (examples/documents/reductions.py, unchanged) are built
into a shared library by `pykc -c --shared` and loaded with the pure-Python
package python/pykc; they run on the first GPU, else on the CPU backend.
Each time is the median of --runs runs (a run is enough calls for about
2 ms); the table printed and the PNG say on which device. The table's last
column checks the sums and numba_reduce against float64 sums (cuda_reduce's
operator does not associate, so its result depends on the device's split).

    PYTHONPATH=python /usr/bin/python3 examples/python/document001_figures.py \\
        [--min-log2 12] [--max-log2 27] [--runs 5] [-o document001.png]

The library is built into a temporary folder with $PYKC (default
build/bin/pykc) unless PYKC_LIBS names a folder that holds libreductions.so.
"""
import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import timeit

import numpy as np

import pykc

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.join(HERE, "..", "..")
sys.path.insert(0, os.path.join(ROOT, "bench", "common"))
import plot_style as ps  # noqa: E402

COLUMNS = ["log2_n", "n",
           "numpy_sum_ms", "sum_reduce_host_ms", "sum_reduce_device_ms",
           "numpy_abs_ms", "numba_reduce_ms", "cuda_reduce_host_ms", "cuda_reduce_device_ms",
           "check"]


def build_library():
    libs = os.environ.get("PYKC_LIBS") or tempfile.mkdtemp(prefix="pykc-document001-")
    lib = os.path.join(libs, "libreductions.so")
    if not os.path.exists(lib):
        pykc_bin = os.environ.get("PYKC", os.path.join(ROOT, "build", "bin", "pykc"))
        subprocess.run([pykc_bin, os.path.join(ROOT, "examples", "documents", "reductions.py"),
                        "-c", "--shared", "--no-sass", "-o", lib,
                        "--sig", "sum_reduce(float32)", "--sig", "cuda_reduce(float32)",
                        "--sig", "numba_reduce(float32[:])"],
                       check=True, stderr=subprocess.DEVNULL)
    return pykc.load(lib)


def device_name(on_gpu):
    if on_gpu:
        try:
            out = subprocess.run(["nvidia-smi", "--query-gpu=name", "--format=csv,noheader"],
                                 capture_output=True, text=True, timeout=20).stdout
            return out.splitlines()[0].strip() + " (CUDA)"
        except (OSError, IndexError, subprocess.SubprocessError):
            return "GPU (CUDA)"
    cpu = platform.processor() or "CPU"
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next(l.split(":", 1)[1].strip() for l in f if l.startswith("model name"))
    except (OSError, StopIteration):
        pass
    return "%s (%d cores), CPU backend" % (cpu, os.cpu_count())


def commit():
    r = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short=7", "HEAD"],
                       capture_output=True, text=True)
    return r.stdout.strip() or None


def median_ms(f, runs):
    """The median over `runs` runs of the time of one call, in ms; a run makes
    enough calls to last about 2 ms (at least one)."""
    once = timeit.timeit(f, number=1)
    number = max(1, min(1000, int(2e-3 / max(once, 1e-9))))
    times = timeit.repeat(f, number=number, repeat=runs)
    return statistics.median(times) / number * 1e3


def numpy_reduce(vec):
    """Document 001's NumPy absolute sum, as it writes it."""
    return (vec * np.where(vec < 0, -1, 1)).sum()


def measure(red, n, runs, rng):
    A = rng.normal(loc=0, scale=10, size=n).astype(np.float32)
    A_dev = pykc.to_device(A)
    row = {"log2_n": n.bit_length() - 1, "n": n}
    row["numpy_sum_ms"] = median_ms(lambda: A.sum(), runs)
    row["sum_reduce_host_ms"] = median_ms(lambda: red.sum_reduce(A), runs)
    row["sum_reduce_device_ms"] = median_ms(lambda: red.sum_reduce(A_dev), runs)
    row["numpy_abs_ms"] = median_ms(lambda: numpy_reduce(A), runs)
    row["numba_reduce_ms"] = median_ms(lambda: red.numba_reduce(A), runs)
    row["cuda_reduce_host_ms"] = median_ms(lambda: red.cuda_reduce(A), runs)
    row["cuda_reduce_device_ms"] = median_ms(lambda: red.cuda_reduce(A_dev), runs)
    # float32 sums in different orders differ in their last bits: each result
    # must be within 1e-4 of the sum of |A| from float64's sum. cuda_reduce is
    # not checked: its operator does not associate (a partial result's first
    # value is never negated), so its result depends on how the device splits
    # the array, as Numba's does.
    exact = float(A.astype(np.float64).sum())
    exact_abs = float(np.abs(A.astype(np.float64)).sum())
    results = [(red.sum_reduce(A), exact), (red.sum_reduce(A_dev), exact),
               (red.numba_reduce(A), exact_abs)]
    ok = all(abs(float(got) - want) <= 1e-4 * exact_abs for got, want in results)
    row["check"] = "ok" if ok else "MISMATCH"
    return row


def plot(rows, device, rev, path):
    plt = ps.pyplot()
    if plt is None:
        return None
    ns = [r["n"] for r in rows]
    fig, (left, right) = plt.subplots(1, 2, figsize=ps.WIDE)
    for ax, curves, what in (
            (left, [("numpy", "NumPy A.sum()", "numpy_sum_ms", "--"),
                    ("pykc, host array", "sum_reduce(A), host array", "sum_reduce_host_ms", "-"),
                    ("pykc, device array", "sum_reduce(A_gpu), device array",
                     "sum_reduce_device_ms", "-")],
             "Sum (sum_reduce)"),
            (right, [("numpy", "NumPy numpy_reduce(A)", "numpy_abs_ms", "--"),
                     ("pykc CPU backend", "numba_reduce(A), @njit(parallel=True)",
                      "numba_reduce_ms", "-"),
                     ("pykc, host array", "cuda_reduce(A), host array",
                      "cuda_reduce_host_ms", "-"),
                     ("pykc, device array", "cuda_reduce(A_gpu), device array",
                      "cuda_reduce_device_ms", "-")],
             "Absolute sum (numba_reduce, cuda_reduce)")):
        values = []
        for key, label, col, style in curves:
            ys = [r[col] for r in rows]
            values += ys
            ax.plot(ns, ys, linestyle=style, **ps.series(key, label=label))
        ps.log_axes(ax, ns, values)
        ax.set_title(what)
        ax.set_xlabel("N (float32 values, normal(0, 10))")
        ax.set_ylabel("ms per call, median (lower is better)")
    return ps.finish(fig, [left, right],
                     ps.title("Document 001: NumPy against the reductions compiled by pykc",
                              device, rev), path)


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--min-log2", type=int, default=12, help="smallest N is 2^this (12)")
    p.add_argument("--max-log2", type=int, default=27, help="largest N is 2^this (27)")
    p.add_argument("--runs", type=int, default=5, help="runs per median (5)")
    p.add_argument("-o", "--out", default="document001.png", help="the PNG to write")
    o = p.parse_args()
    if not 1 <= o.min_log2 <= o.max_log2 <= 33:
        p.error("need 1 <= --min-log2 <= --max-log2 <= 33")
    if o.runs < 1:
        p.error("--runs must be at least 1")
    red = build_library()
    device = device_name(red.on_gpu)
    rev = commit()
    print("device: %s" % device)
    print("  ".join(COLUMNS))
    rng = np.random.default_rng(0)
    red.sum_reduce(np.arange(1, 10).astype(np.float32))  # the document's blank run
    rows = []
    for e in range(o.min_log2, o.max_log2 + 1):
        row = measure(red, 1 << e, o.runs, rng)
        rows.append(row)
        print("  ".join(("%.4g" % row[c]) if isinstance(row[c], float) else str(row[c])
                        for c in COLUMNS), flush=True)
    png = plot(rows, device, rev, o.out)
    if png:
        print("plot: %s" % png)
    return 0 if all(r["check"] == "ok" for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
