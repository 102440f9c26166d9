"""Joins a GPU run's bench/reduce CSVs (on_device.sh reduce) into
bench/results/<gpu>/reduce.csv and draws reduce.png.

    report.py RUN_DIR --out bench/results/h100
RUN_DIR holds reduce_pykc_cub.csv, reduce_numba.csv and summary.txt."""
import argparse
import csv
import os

import matplotlib
matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def read(path):
    with open(path) as f:
        return list(csv.DictReader(f))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("run")
    ap.add_argument("--out", required=True)
    a = ap.parse_args()
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
    ns = [int(r["n"]) for r in rows]
    fig, ax = plt.subplots(figsize=(7, 4.2))
    ax.plot(ns, [r["pykc_gbs"] for r in rows], "o-", label="pykc (sum_reduce)")
    ax.plot(ns, [r["cub_gbs"] for r in rows], "s-", label="CUB DeviceReduce::Sum")
    ax.plot(ns, [int(r["n"]) * 4 / r["numba_ms"] / 1e6 for r in rows], "^-",
            label="numba-cuda cuda.reduce")
    ax.set_xscale("log", base=2)
    ax.set_xlabel("float32 elements")
    ax.set_ylabel("GB/s (read), result copied back")
    ax.set_title("@cuda.reduce sum on %s (commit %s)" % (device, commit))
    ax.grid(True, alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(os.path.join(a.out, "reduce.png"), dpi=110)
    print("wrote", path)


if __name__ == "__main__":
    main()
