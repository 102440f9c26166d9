"""Turns one GPU run of bench/gpu/bench.sh into bench/results/<gpu>/.

    /usr/bin/python3 bench/gpu/report.py RESULTS_DIR [--out bench/results/h100]
    /usr/bin/python3 bench/gpu/report.py --plot-only --out bench/results/h100

RESULTS_DIR holds what bench.sh wrote on the GPU machine (codegen.csv,
numba_codegen.csv, matmul.csv, numba_matmul.csv, launch.txt, registers.csv,
device.txt). Writes, under --out:
  codegen.csv   per kernel: pykc, nvcc -O3 and numba-cuda times, the ratios,
                ptxas registers and spills of pykc's and nvcc's code, and
                whether the three outputs agree (checksums of exact data)
  matmul.csv    the documents' matmuls (pykc, numba-cuda) against cuBLAS
  launch.csv    the launch cost of a four-array kernel, per launch
  device.txt    the GPU, driver, commit and tool versions
  codegen.png, matmul.png   plots (bench/common/plot_style.py; --plot-only
                redraws them from the CSVs above)
and prints the tables as Markdown for the session note.
"""
import argparse
import csv
import math
import os
import re
import shutil
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
import plot_style as ps  # noqa: E402


def read_csv(path):
    with open(path) as f:
        lines = [l for l in f if l.strip() and not l.startswith("#")]
    return list(csv.DictReader(lines))


def write_csv(path, rows):
    """Writes dict rows, floats with 5 significant digits."""
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
        w.writeheader()
        for r in rows:
            w.writerow({k: ("%.5g" % v if isinstance(v, float) else v) for k, v in r.items()})


def geomean(values):
    values = [v for v in values if v > 0]
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else float("nan")


def codegen(src, out):
    pykc = read_csv(os.path.join(src, "codegen.csv"))
    numba = {(r["kernel"], r["file"]): r for r in read_csv(os.path.join(src, "numba_codegen.csv"))}
    regs = {(r["file"], r["kernel"]): r for r in read_csv(os.path.join(src, "registers.csv"))}
    rows = []
    for r in pykc:
        key = (r["kernel"], r["file"])
        n = numba.get(key)
        g = regs.get((r["file"], r["kernel"]), {})
        p_ms, c_ms = float(r["pykc_ms"]), float(r["nvcc_ms"])
        n_ms = float(n["numba_ms"]) if n else float("nan")
        same = r["outputs_equal"] == "yes" and n is not None and \
            float(n["numba_checksum"]) == float(r["pykc_checksum"])
        rows.append({
            "kernel": r["kernel"], "file": r["file"],
            "pykc_ms": p_ms, "nvcc_ms": c_ms, "numba_ms": n_ms,
            "pykc_over_nvcc": p_ms / c_ms, "numba_over_pykc": n_ms / p_ms,
            "pykc_GBps": float(r["pykc_GBps"]),
            "pykc_regs": g.get("pykc_registers", ""), "pykc_spills": g.get("pykc_spill_stores", ""),
            "nvcc_regs": g.get("nvcc_registers", ""), "nvcc_spills": g.get("nvcc_spill_stores", ""),
            "outputs_agree": "yes" if same else "NO",
        })
    write_csv(os.path.join(out, "codegen.csv"), rows)
    print("| kernel (file) | pykc ms | nvcc ms | numba-cuda ms | pykc/nvcc | numba/pykc | regs pykc/nvcc | spills | outputs agree |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print("| %s (%s) | %.4f | %.4f | %.4f | %.3f | %.3f | %s/%s | %s/%s | %s |" % (
            r["kernel"], r["file"], r["pykc_ms"], r["nvcc_ms"], r["numba_ms"],
            r["pykc_over_nvcc"], r["numba_over_pykc"], r["pykc_regs"], r["nvcc_regs"],
            r["pykc_spills"], r["nvcc_spills"], r["outputs_agree"]))
    gm = geomean([r["pykc_over_nvcc"] for r in rows])
    gn = geomean([r["numba_over_pykc"] for r in rows])
    worst = max(rows, key=lambda r: r["pykc_over_nvcc"])
    print("\ngeomean pykc/nvcc = %.3f (worst %.3f, %s); geomean numba-cuda/pykc = %.3f\n"
          % (gm, worst["pykc_over_nvcc"], worst["kernel"], gn))
    return rows


def matmul(src, out):
    ours = read_csv(os.path.join(src, "matmul.csv"))
    numba = {r["n"]: r for r in read_csv(os.path.join(src, "numba_matmul.csv"))}
    rows = []
    for r in ours:
        n = numba.get(r["n"], {})
        rows.append({
            "n": int(r["n"]), "pykc_naive_ms": float(r["pykc_naive_ms"]),
            "pykc_tiled_ms": float(r["pykc_tiled_ms"]), "cublas_ms": float(r["cublas_ms"]),
            "numba_naive_ms": float(n.get("numba_naive_ms", "nan")),
            "numba_tiled_ms": float(n.get("numba_tiled_ms", "nan")),
            "naive_over_cublas": float(r["naive_over_cublas"]),
            "tiled_over_cublas": float(r["tiled_over_cublas"]),
            "naive_TFLOPs": float(r["naive_TFLOPs"]), "tiled_TFLOPs": float(r["tiled_TFLOPs"]),
            "cublas_TFLOPs": float(r["cublas_TFLOPs"]),
            "naive_rel_err": r["naive_rel_err"], "tiled_rel_err": r["tiled_rel_err"],
        })
    write_csv(os.path.join(out, "matmul.csv"), rows)
    print("| n | pykc naive ms | pykc tiled ms | cuBLAS ms | naive/cuBLAS | tiled/cuBLAS | numba naive ms | numba tiled ms | TFLOP/s naive/tiled/cuBLAS |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print("| %d | %.4f | %.4f | %.4f | %.1f | %.1f | %.4f | %.4f | %.2f / %.2f / %.1f |" % (
            r["n"], r["pykc_naive_ms"], r["pykc_tiled_ms"], r["cublas_ms"],
            r["naive_over_cublas"], r["tiled_over_cublas"], r["numba_naive_ms"],
            r["numba_tiled_ms"], r["naive_TFLOPs"], r["tiled_TFLOPs"], r["cublas_TFLOPs"]))
    print()
    return rows


def launch(src, out):
    values = {}
    with open(os.path.join(src, "launch.txt")) as f:
        for line in f:
            m = re.match(r"csv,(\w+),([0-9.]+)$", line.strip())
            if m:
                values[m.group(1)] = float(m.group(2))
    # Each measure against bare cuLaunchKernel measured the same way.
    ratios = {}
    for k, v in values.items():
        base = values.get("bare_launch_sync" if "sync" in k else "bare_issue")
        ratios[k] = v / base if base else None
    with open(os.path.join(out, "launch.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["what", "ns_per_launch", "over_bare_cuLaunchKernel"])
        for k, v in values.items():
            w.writerow([k, "%.1f" % v, "%.3f" % ratios[k] if ratios[k] is not None else ""])
    print("| launch of touch4(a, b, c, d) | ns | / bare cuLaunchKernel |")
    print("|---|---|---|")
    for k, v in values.items():
        print("| %s | %.1f | %.3f |" % (k, v, ratios[k] if ratios[k] is not None else float("nan")))
    if "numba_issue" in values and "typed_issue" in values:
        print("\nnumba-cuda / pykc typed = %.1fx\n" % (values["numba_issue"] / values["typed_issue"]))


def plots(out):
    """codegen.png and matmul.png from out's codegen.csv, matmul.csv and
    device.txt (the committed results), in bench/common/plot_style.py's style."""
    plt = ps.pyplot()
    if plt is None:
        return
    device, commit = ps.read_device_txt(out)
    code_rows = read_csv(os.path.join(out, "codegen.csv"))
    mm_rows = read_csv(os.path.join(out, "matmul.csv"))

    labels = ["%s\n(%s)" % (r["kernel"], r["file"].replace(".py", "")) for r in code_rows]
    x = range(len(code_rows))
    pykc = [float(r["pykc_over_nvcc"]) for r in code_rows]
    numba = [float(r["numba_ms"]) / float(r["nvcc_ms"]) for r in code_rows]
    fig, ax = plt.subplots(figsize=ps.WIDE)
    width = 0.38
    ax.bar([i - width / 2 for i in x], pykc, width,
           color=ps.colour("pykc"), label="pykc / nvcc -O3")
    ax.bar([i + width / 2 for i in x], numba, width,
           color=ps.colour("numba-cuda"), label="numba-cuda / nvcc -O3")
    ax.axhline(1.0, color=ps.colour("nvcc -O3"), linewidth=1.0,
               label="nvcc -O3 (the anchor, 1.0)")
    ax.set_xticks(list(x))
    ax.set_xticklabels(labels, rotation=30, ha="right", fontsize=8)
    ax.set_ylabel("kernel time / nvcc -O3's (lower is better)")
    ax.set_ylim(0.8, max(1.2, max(numba) * 1.05))
    ax.grid(False, axis="x")
    ps.finish(fig, ax, ps.title("Kernel time against nvcc -O3, same algorithm and data",
                                device, commit), os.path.join(out, "codegen.png"))

    fig, ax = plt.subplots(figsize=ps.SIZE)
    ns = [int(r["n"]) for r in mm_rows]

    def tflops(key):
        return [2.0 * n ** 3 / float(r[key]) / 1e9 for n, r in zip(ns, mm_rows)]

    curves = [("pykc naive", "pykc naive (cuda_matmul)", tflops("pykc_naive_ms"), "-"),
              ("pykc tiled", "pykc tiled (fast_matmul)", tflops("pykc_tiled_ms"), "-"),
              ("numba-cuda naive", "numba-cuda naive", tflops("numba_naive_ms"), "--"),
              ("numba-cuda tiled", "numba-cuda tiled", tflops("numba_tiled_ms"), "--"),
              ("cuBLAS", "cuBLAS SGEMM", tflops("cublas_ms"), "-")]
    for key, label, ys, style in curves:
        ax.plot(ns, ys, linestyle=style, **ps.series(key, label=label))
    ps.log_axes(ax, ns, [y for _, _, ys, _ in curves for y in ys])
    ax.set_xlabel("n (n x n float32 matrices)")
    ax.set_ylabel("TFLOP/s (2 n^3 / time; higher is better)")
    ps.finish(fig, ax, ps.title("The documents' matmuls against cuBLAS", device, commit),
              os.path.join(out, "matmul.png"))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("results", nargs="?")
    parser.add_argument("--out", default="bench/results/h100")
    parser.add_argument("--plot-only", action="store_true",
                        help="only redraw the plots from --out's CSVs and device.txt")
    opts = parser.parse_args()
    if opts.plot_only:
        plots(opts.out)
        return
    if not opts.results:
        parser.error("RESULTS_DIR is required (or --plot-only)")
    os.makedirs(opts.out, exist_ok=True)
    shutil.copy(os.path.join(opts.results, "device.txt"), os.path.join(opts.out, "device.txt"))
    print("Device: " + open(os.path.join(opts.out, "device.txt")).read().replace("\n", "; "))
    codegen(opts.results, opts.out)
    matmul(opts.results, opts.out)
    launch(opts.results, opts.out)
    plots(opts.out)


if __name__ == "__main__":
    main()
