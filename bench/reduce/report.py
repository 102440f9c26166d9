"""Joins a GPU run's bench/reduce CSVs (on_device.sh reduce) into
bench/results/<gpu>/reduce.csv and draws reduce.png.

    report.py RUN_DIR --out bench/results/h100
    report.py --plot-only --out bench/results/h100   (redraws reduce.png)
RUN_DIR holds reduce_pykc_cub.csv, reduce_numba.csv and summary.txt."""
import argparse
import csv
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
import plot_style as ps  # noqa: E402

# Document 001's own experiment has NumPy's sum and a CPU reduction beside
# the GPU's. bench/reduce measures on the GPU only, so its reduce.csv has
# neither column yet: the plot says so, and draws them once a CSV has them.
ANCHORS = (("numpy_ms", "numpy", "NumPy sum (host)"),
           ("cpu_ms", "pykc CPU backend", "pykc CPU backend (sum_reduce)"))


def read(path):
    with open(path) as f:
        return list(csv.DictReader(f))


def plot(out):
    """reduce.png from out/reduce.csv (device and commit from its comment line)."""
    plt = ps.pyplot()
    if plt is None:
        return
    path = os.path.join(out, "reduce.csv")
    device, commit = ps.read_csv_comment(path)
    with open(path) as f:
        rows = list(csv.DictReader(l for l in f if not l.startswith("#")))
    ns = [int(r["n"]) for r in rows]

    def gbs(key):
        return [n * 4 / float(r[key]) / 1e6 for n, r in zip(ns, rows)]

    fig, ax = plt.subplots(figsize=ps.SIZE)
    curves = [("pykc", "pykc (sum_reduce, device array)", gbs("pykc_ms"), "-"),
              ("CUB", "CUB DeviceReduce::Sum", gbs("cub_ms"), "-"),
              ("numba-cuda", "numba-cuda cuda.reduce", gbs("numba_ms"), "--")]
    missing = []
    for key, name, label in ANCHORS:
        if key in rows[0]:
            curves.append((name, label, gbs(key), ":"))
        else:
            missing.append(label.split(" (")[0])
    for key, label, ys, style in curves:
        ax.plot(ns, ys, linestyle=style, **ps.series(key, label=label))
    ps.log_axes(ax, ns, [y for _, _, ys, _ in curves for y in ys])
    ax.set_xlabel("float32 elements")
    ax.set_ylabel("GB/s read (result copied back; higher is better)")
    note = None
    if missing:
        note = ("%s: not measured in this run (reduce.csv has no such column); "
                "see bench/results/cpu-vm/document001.png for both on a CPU"
                % " and ".join(missing))
    ps.finish(fig, ax, ps.title("@cuda.reduce sum of float32", device, commit),
              os.path.join(out, "reduce.png"), note=note)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("run", nargs="?")
    ap.add_argument("--out", required=True)
    ap.add_argument("--plot-only", action="store_true",
                    help="only redraw reduce.png from --out's reduce.csv")
    a = ap.parse_args()
    if a.plot_only:
        plot(a.out)
        return
    if not a.run:
        ap.error("RUN_DIR is required (or --plot-only)")
    pc = read(os.path.join(a.run, "reduce_pykc_cub.csv"))
    nb = {r["n"]: r for r in read(os.path.join(a.run, "reduce_numba.csv"))}
    summary = open(os.path.join(a.run, "summary.txt")).read().splitlines()
    device = next((l for l in summary if "NVIDIA" in l and "," in l), "?").split(",")[0]
    commit = next((l.split(": ")[1] for l in summary if l.startswith("commit:")), "?")
    os.makedirs(a.out, exist_ok=True)
    rows = []
    for r in pc:
        n = r["n"]
        numba_ms = float(nb[n]["numba_ms"]) if n in nb else float("nan")
        pykc_ms, cub_ms = float(r["pykc_ms"]), float(r["cub_ms"])
        rows.append({
            "n": n, "pykc_ms": pykc_ms, "cub_ms": cub_ms, "numba_ms": numba_ms,
            "pykc_gbs": float(r["pykc_gbs"]), "cub_gbs": float(r["cub_gbs"]),
            "pykc_speed_vs_cub": cub_ms / pykc_ms, "pykc_speedup_vs_numba": numba_ms / pykc_ms,
            "all_results_exact": r["pykc_result"] == r["cub_result"] == r["exact"]
            and (n not in nb or float(nb[n]["numba_result"]) == float(r["exact"])),
        })
    path = os.path.join(a.out, "reduce.csv")
    with open(path, "w", newline="") as f:
        f.write("# %s, commit %s: float32 sum of n values on the device, result to the host; "
                "median host wall-clock ms; pykc = documents' sum_reduce via pykc -c, "
                "cub = cub::DeviceReduce::Sum (nvcc -O3), numba = numba-cuda cuda.reduce\n"
                % (device, commit))
        w = csv.DictWriter(f, fieldnames=list(rows[0]))
        w.writeheader()
        for r in rows:
            w.writerow({k: ("%.5g" % v if isinstance(v, float) else v) for k, v in r.items()})
    plot(a.out)
    print("wrote", path)


if __name__ == "__main__":
    main()
