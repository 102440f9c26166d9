"""The CPU backend against a plain single-threaded C++ loop (plain.cpp, the
anchor, measured in the same run), kernel by kernel, across sizes.

For each kernel and size it times, as medians of repeated launches:
  plain   the C++ loop, one core;
  pykc-1  `pykc run --backend cpu` with PYKC_NUM_THREADS=1 (one core);
  pykc    the same on every core.
and reports nanoseconds per unit of work (an element, or a multiply-add for
the matmuls) and the ratios plain/pykc-1 (the per-core goal: 1 means as fast
as the loop) and plain/pykc. Writes the table (markdown), a CSV, device.txt
(the CPU and the commit) and a plot of time per unit across sizes
(bench/common/plot_style.py; --plot-only redraws it from DIR's CSV).

  /usr/bin/python3 bench/cpu_backend/run.py --pykc build/bin/pykc \
      --plain build/bench/cpu_backend/plain --out DIR [--quick]
  /usr/bin/python3 bench/cpu_backend/run.py --plot-only --out DIR
"""
import argparse
import csv
import os
import re
import statistics
import subprocess
import sys
import tempfile

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
import plot_style as ps  # noqa: E402

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
ROUNDS = 3  # measurements of each kernel and size (see main)


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


def write_device(out):
    """device.txt: the CPU, its cores and the commit measured, for the plot's title."""
    cpu = "unknown CPU"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    commit = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short=7", "HEAD"],
                            capture_output=True, text=True).stdout.strip() or "unknown"
    with open(os.path.join(out, "device.txt"), "w") as f:
        f.write(f"{cpu} ({os.cpu_count()} cores), CPU backend\ncommit {commit}\n")


def plot(out):
    """cpu_backend.png from out's cpu_backend.csv and device.txt, one small plot a
    kernel, in bench/common/plot_style.py's style."""
    plt = ps.pyplot()
    if plt is None:
        return None
    with open(os.path.join(out, "cpu_backend.csv")) as f:
        rows = list(csv.DictReader(f))
    device, commit = ps.read_device_txt(out)
    kernels = list(dict.fromkeys(r["kernel"] for r in rows))
    cols = 3
    fig, axes = plt.subplots((len(kernels) + cols - 1) // cols, cols, figsize=ps.GRID_SIZE,
                             squeeze=False)
    flat = [a for row in axes for a in row]
    for ax, k in zip(flat, kernels):
        mine = [r for r in rows if r["kernel"] == k]
        units = [int(r["units"]) for r in mine]
        curves = [("plain C++", "plain C++ loop (1 core, the anchor)", "plain_ns", "--"),
                  ("pykc (1 core)", "pykc (1 core)", "pykc1_ns", "-"),
                  ("pykc (all cores)", "pykc (all cores)", "pykc_ns", "-")]
        values = []
        for key, label, col, style in curves:
            ys = [float(r[col]) for r in mine]
            values += ys
            ax.plot(units, ys, linestyle=style, **ps.series(key, label=label))
        ps.log_axes(ax, units, values)
        ax.set_title(k)
        ax.set_xlabel("multiply-adds" if "matmul" in k else "elements")
        ax.set_ylabel("ns per unit (lower is better)")
    for ax in flat[len(kernels):]:
        ax.set_visible(False)
    handles, labels = flat[0].get_legend_handles_labels()
    if len(kernels) < len(flat):
        flat[-1].set_visible(True)
        flat[-1].axis("off")
        flat[-1].legend(handles, labels, loc="center")
    else:
        flat[0].legend(handles, labels)
    png = os.path.join(out, "cpu_backend.png")
    ps.finish(fig, flat, ps.title("pykc's CPU backend against a plain C++ loop", device, commit),
              png, legend=False)
    return png


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--pykc")
    p.add_argument("--plain")
    p.add_argument("--out", required=True)
    p.add_argument("--quick", action="store_true", help="one small size each (CI smoke)")
    p.add_argument("--plot-only", action="store_true",
                   help="only redraw cpu_backend.png from --out's CSV and device.txt")
    o = p.parse_args()
    if o.plot_only:
        plot(o.out)
        return
    if not o.pykc or not o.plain:
        p.error("--pykc and --plain are required (or --plot-only)")
    os.makedirs(o.out, exist_ok=True)
    sizes = QUICK_SIZES if o.quick else SIZES
    cores = os.cpu_count()
    rows = []
    rounds = 1 if o.quick else ROUNDS
    with tempfile.TemporaryDirectory() as tmp:
        for kernel, ns in sizes.items():
            for n in ns:
                units = work(kernel, n)
                # The three interleaved, ROUNDS times, each the median of
                # its rounds: on a shared VM one round of each was off by
                # 20% or more now and then, and an anchor measured in
                # another second than pykc shifted every ratio with it.
                times = [(time_plain(o.plain, kernel, n), time_pykc(o.pykc, kernel, n, 1, tmp),
                          time_pykc(o.pykc, kernel, n, None, tmp)) for _ in range(rounds)]
                plain, one, every = (statistics.median(t[k] for t in times) for k in range(3))
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
                 "medians of repeated launches, then the median of %d such rounds; ratios above 1 mean pykc is faster." % rounds)
    table = "\n".join(lines)
    print(table)
    with open(os.path.join(o.out, "cpu_backend.md"), "w") as f:
        f.write(table + "\n")
    write_device(o.out)
    png = plot(o.out)
    if png:
        print(f"plot: {png}")


if __name__ == "__main__":
    main()
