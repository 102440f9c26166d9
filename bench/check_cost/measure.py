"""`pykc run --check` against the unchecked CPU backend (issue 31's cost goal:
at most 20x), kernel by kernel, in one run.

For each of the CPU-backend benchmark's kernels (bench/cpu_backend: the
documents' increment, saxpy, the stencil and the documents' two matmuls, at
every benchmark size), it times the median launch of `pykc run --backend cpu --time N`
without and with `--check` (compilation and the copies not included), on
the same arrays, one after the other, and writes the ratios.

  /usr/bin/python3 bench/check_cost/measure.py --pykc build/bin/pykc --out DIR [--quick]
"""
import argparse
import csv
import os
import platform
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "bench", "cpu_backend"))
import run as cpu_backend  # noqa: E402  (its kernels, sizes and arrays)

GOAL = 20.0
# Every kernel of the CPU-backend benchmark at every one of its sizes.
CASES = [(kernel, n) for kernel, sizes in cpu_backend.SIZES.items() for n in sizes]
QUICK_CASES = [("saxpy", 1 << 15), ("stencil", 256), ("fast_matmul", 64)]
MEDIAN = re.compile(r"median ([0-9.]+) ms")


def launches(kernel, n, checked):
    """About a second of launches at most, at least 5 (3 checked at the largest)."""
    base = cpu_backend.repeats(kernel, n)
    return max(3, base // 10) if checked else base


def median(pykc, kernel, n, checked, tmp):
    path, name = cpu_backend.KERNELS[kernel]
    args, grid, block = cpu_backend.arguments(kernel, n, tmp)
    cmd = [pykc, "run", path, name, "--backend", "cpu", "--grid", grid, "--block", block,
           "--time", str(launches(kernel, n, checked))] + (["--check"] if checked else []) + args
    done = subprocess.run(cmd, capture_output=True, text=True)
    found = MEDIAN.search(done.stderr)
    if done.returncode != 0 or not found:
        sys.exit(f"check_cost: error: {' '.join(cmd)} failed:\n{done.stderr}")
    if checked and "--check found no errors" not in done.stderr:
        sys.exit(f"check_cost: error: --check reported errors in a correct kernel:\n{done.stderr}")
    return float(found.group(1))


def machine():
    model = "?"
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{model}, {os.cpu_count()} cores, {platform.system()} {platform.release()}"


def commit():
    try:
        out = subprocess.run(["git", "-C", ROOT, "rev-parse", "--short=12", "HEAD"],
                             capture_output=True, text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", ROOT, "status", "--porcelain", "--untracked-files=no"],
                               capture_output=True, text=True).stdout.strip()
        return out + ("+dirty" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        return "?"


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--pykc", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--quick", action="store_true", help="one small size each (smoke)")
    o = p.parse_args()
    os.makedirs(o.out, exist_ok=True)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for kernel, n in (QUICK_CASES if o.quick else CASES):
            plain = median(o.pykc, kernel, n, False, tmp)
            checked = median(o.pykc, kernel, n, True, tmp)
            _, grid, block = cpu_backend.arguments(kernel, n, tmp)
            rows.append({"kernel": kernel, "n": n, "grid": grid, "block": block,
                         "unchecked_ms": plain, "checked_ms": checked, "ratio": checked / plain})
            print(f"  {kernel:12} n={n:<9} unchecked {plain:.4f} ms  --check {checked:.4f} ms"
                  f"  {checked / plain:.1f}x", flush=True)
    where, rev = machine(), commit()
    with open(os.path.join(o.out, "check_cost.csv"), "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]) + ["machine", "commit"])
        w.writeheader()
        for r in rows:
            w.writerow({**{k: (f"{v:.6g}" if isinstance(v, float) else v) for k, v in r.items()},
                        "machine": where, "commit": rev})
    worst = max(r["ratio"] for r in rows)
    lines = [
        "# `pykc run --check` against the unchecked CPU backend",
        "",
        f"Machine: {where}. Commit: {rev}. Written by `bench/check_cost/run.sh`",
        "(medians of `pykc run ... --backend cpu --time N`, compilation not included;",
        "unchecked and checked launches of a kernel measured one after the other).",
        "",
        "| kernel | n | grid x block | unchecked (ms) | --check (ms) | ratio |",
        "|---|---:|---|---:|---:|---:|",
    ]
    for r in rows:
        lines.append(f"| {r['kernel']} | {r['n']} | {r['grid']} x {r['block']} | "
                     f"{r['unchecked_ms']:.4f} | {r['checked_ms']:.4f} | {r['ratio']:.1f}x |")
    lines += ["", f"Largest ratio: {worst:.1f}x; the goal is at most {GOAL:.0f}x: "
              + ("met." if worst <= GOAL else "not met.")]
    table = "\n".join(lines)
    print(table)
    with open(os.path.join(o.out, "check_cost.md"), "w") as f:
        f.write(table + "\n")


if __name__ == "__main__":
    main()
