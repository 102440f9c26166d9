"""The CPU backend against a plain single-threaded C++ loop (plain.cpp, the
anchor, measured in the same run), kernel by kernel, across sizes.

For each kernel and size it times, as medians of repeated launches:
  plain   the C++ loop, one core;
  pykc-1  `pykc run --backend cpu` with PYKC_NUM_THREADS=1 (one core);
  pykc    the same on every core.
and reports nanoseconds per unit of work (an element, or a multiply-add for
the matmuls) and the ratios plain/pykc-1 (the per-core goal: 1 means as fast
as the loop) and plain/pykc. Writes the table (markdown), a CSV and, when
gnuplot is installed, a plot of time per unit across sizes.

  /usr/bin/python3 bench/cpu_backend/run.py --pykc build/bin/pykc \
      --plain build/bench/cpu_backend/plain --out DIR [--quick]
"""
import argparse
import csv
import os
import re
import shutil
import subprocess
import sys
import tempfile

import numpy as np

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
DOCS = os.path.join(ROOT, "examples", "documents")
HERE = os.path.dirname(os.path.abspath(__file__))

# name: (file, kernel); arguments() makes each one's arrays, grid and block
KERNELS = {
    "increment": (os.path.join(DOCS, "increment_grid.py"), "increment_by_one"),
    "saxpy": (os.path.join(HERE, "kernels.py"), "saxpy"),
    "stencil": (os.path.join(HERE, "kernels.py"), "stencil"),
    "matmul": (os.path.join(DOCS, "matmul.py"), "cuda_matmul"),
    "fast_matmul": (os.path.join(DOCS, "fast_matmul.py"), "fast_matmul"),
}
SIZES = {
    "increment": [1 << 12, 1 << 15, 1 << 18, 1 << 20, 1 << 22, 1 << 24],
    "saxpy": [1 << 12, 1 << 15, 1 << 18, 1 << 20, 1 << 22, 1 << 24],
    "stencil": [64, 256, 1024, 2048, 4096],
    "matmul": [64, 128, 256, 512],
    "fast_matmul": [64, 128, 256, 512],
}
QUICK_SIZES = {
    "increment": [4096],
    "saxpy": [4096],
    "stencil": [64],
    "matmul": [32],
    "fast_matmul": [32],
}
MEDIAN = re.compile(r"median ([0-9.]+) ms")


def work(kernel, n):
    return n ** 3 if "matmul" in kernel else (n - 2) ** 2 if kernel == "stencil" else n


def repeats(kernel, n):
    """Enough launches for a stable median, about a second at most."""
    return max(5, min(200, int(2e8 / max(work(kernel, n) * (30 if "matmul" in kernel else 1), 1))))


def arguments(kernel, n, tmp):
    """The kernel's .npy files and scalars, and its grid and block."""
    def npy(name, array):
        path = os.path.join(tmp, name + ".npy")
        np.save(path, array)
        return path
    rng = np.random.RandomState(0)
    if kernel == "increment":
        return [npy("a", np.ones(n, np.float32))], f"{(n + 255) // 256}", "256"
    if kernel == "saxpy":
        return (["float32:1.0001", npy("x", np.full(n, 1.5, np.float32)),
                 npy("y", np.full(n, 0.5, np.float32))], f"{(n + 255) // 256}", "256")
    if kernel == "stencil":
        src = rng.rand(n, n).astype(np.float32)
        return ([npy("src", src), npy("dst", np.zeros((n, n), np.float32))],
                f"{(n + 63) // 64},{(n + 3) // 4}", "64,4")
    x = rng.rand(n, n).astype(np.float32)
    blocks = (n + 15) // 16
    return ([npy("x", x), npy("y", x), npy("z", np.zeros((n, n), np.float32))],
            f"{blocks},{blocks}", "16,16")


def time_pykc(pykc, kernel, n, threads, tmp):
    path, name = KERNELS[kernel]
    args, grid, block = arguments(kernel, n, tmp)
    env = dict(os.environ)
    if threads:
        env["PYKC_NUM_THREADS"] = str(threads)
    else:
        env.pop("PYKC_NUM_THREADS", None)
    cmd = [pykc, "run", path, name, "--backend", "cpu", "--grid", grid, "--block", block,
           "--time", str(repeats(kernel, n))] + args
    done = subprocess.run(cmd, capture_output=True, text=True, env=env)
    found = MEDIAN.search(done.stderr)
    if done.returncode != 0 or not found:
        sys.exit(f"bench: error: {' '.join(cmd)} failed:\n{done.stderr}")
    return float(found.group(1))


def time_plain(plain, kernel, n):
    # The tiled matmul's anchor is the same loop as the naive one's.
    name = "matmul" if "matmul" in kernel else kernel
    done = subprocess.run([plain, name, str(n), str(repeats(kernel, n))],
                          capture_output=True, text=True, check=True)
    return float(done.stdout)


def plot(rows, out):
    gnuplot = shutil.which("gnuplot")
    if not gnuplot:
        print("bench: gnuplot not found; no plot (scripts/setup.sh installs it)")
        return None
    data = os.path.join(out, "cpu_backend.dat")
    kernels = list(dict.fromkeys(r["kernel"] for r in rows))
    with open(data, "w") as f:
        for k in kernels:  # one gnuplot data block a kernel
            f.write(f"# {k}\n")
            for r in rows:
                if r["kernel"] == k:
                    f.write(f"{r['units']} {r['plain_ns']} {r['pykc1_ns']} {r['pykc_ns']}\n")
            f.write("\n\n")
    png = os.path.join(out, "cpu_backend.png")
    script = [
        "set terminal pngcairo size 1400,900 font ',10'",
        f"set output '{png}'",
        "set multiplot layout 2,3 title 'pykc CPU backend vs a plain C++ loop (ns per element or multiply-add; lower is better)'",
        "set logscale x 2", "set logscale y", "set key top right", "set grid",
        "set format x '2^{%L}'",
        "set xlabel 'units of work (elements, multiply-adds)'", "set ylabel 'ns per unit'",
    ]
    for i, k in enumerate(kernels):
        script += [
            f"set title '{k}' noenhanced",
            f"plot '{data}' index {i} using 1:2 with linespoints title 'plain C++ (1 core)', "
            f"'' index {i} using 1:3 with linespoints title 'pykc (1 core)', "
            f"'' index {i} using 1:4 with linespoints title 'pykc (all cores)'",
        ]
    script.append("unset multiplot")
    subprocess.run([gnuplot], input="\n".join(script), text=True, check=True)
    return png


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--pykc", required=True)
    p.add_argument("--plain", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--quick", action="store_true", help="one small size each (CI smoke)")
    o = p.parse_args()
    os.makedirs(o.out, exist_ok=True)
    sizes = QUICK_SIZES if o.quick else SIZES
    cores = os.cpu_count()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for kernel, ns in sizes.items():
            for n in ns:
                units = work(kernel, n)
                plain = time_plain(o.plain, kernel, n)
                one = time_pykc(o.pykc, kernel, n, 1, tmp)
                every = time_pykc(o.pykc, kernel, n, None, tmp)
                per = lambda ms: ms * 1e6 / units
                rows.append({"kernel": kernel, "n": n, "units": units,
                             "plain_ms": plain, "pykc1_ms": one, "pykc_ms": every,
                             "plain_ns": per(plain), "pykc1_ns": per(one), "pykc_ns": per(every),
                             "per_core_ratio": plain / one, "ratio": plain / every})
                r = rows[-1]
                print(f"  {kernel:12} n={n:<9} plain {r['plain_ns']:.4f}  pykc-1 {r['pykc1_ns']:.4f}"
                      f"  pykc {r['pykc_ns']:.4f} ns/unit", flush=True)
    with open(os.path.join(o.out, "cpu_backend.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        for r in rows:
            w.writerow({k: (f"{v:.6g}" if isinstance(v, float) else v) for k, v in r.items()})
    lines = [
        "| kernel | n | plain C++ (1 core) | pykc (1 core) | pykc (%d cores) | plain / pykc, 1 core | plain / pykc, all |" % cores,
        "|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(f"| {r['kernel']} | {r['n']} | {r['plain_ns']:.4f} | {r['pykc1_ns']:.4f} | "
                     f"{r['pykc_ns']:.4f} | {r['per_core_ratio']:.2f} | {r['ratio']:.2f} |")
    lines.append("")
    lines.append("ns per element (increment, saxpy, stencil) or per multiply-add (matmuls); "
                 "medians of repeated launches; ratios above 1 mean pykc is faster.")
    table = "\n".join(lines)
    print(table)
    with open(os.path.join(o.out, "cpu_backend.md"), "w") as f:
        f.write(table + "\n")
    png = plot(rows, o.out)
    if png:
        print(f"plot: {png}")


if __name__ == "__main__":
    main()
