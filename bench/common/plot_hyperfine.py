#!/usr/bin/env python3
"""Draws a hyperfine CSV (hyperfine_csv.py's: command, median_ms, min_ms,
max_ms) as horizontal bars of the medians with min-max whiskers, in
plot_style.py's style.

Usage: plot_hyperfine.py CSV PNG WHAT --device DEVICE --commit COMMIT
WHAT heads the title ('<WHAT> — <DEVICE>, pykc <COMMIT>'); the script that
ran hyperfine passes the machine and commit it measured.
"""
import argparse
import csv
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import plot_style as ps  # noqa: E402


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("csv")
    p.add_argument("png")
    p.add_argument("what")
    p.add_argument("--device", required=True)
    p.add_argument("--commit", required=True)
    o = p.parse_args()
    plt = ps.pyplot()
    if plt is None:
        return 0
    with open(o.csv) as f:
        rows = list(csv.DictReader(f))
    names = [r["command"] for r in rows]
    med = [float(r["median_ms"]) for r in rows]
    lo = [m - float(r["min_ms"]) for m, r in zip(med, rows)]
    hi = [float(r["max_ms"]) - m for m, r in zip(med, rows)]
    fig, ax = plt.subplots(figsize=(ps.SIZE[0] + 1.5, 0.6 + 0.32 * len(rows) + 1.2))
    y = list(range(len(rows)))[::-1]
    colours = [ps.colour("nvcc -O3") if "nvcc" in n else ps.colour("pykc") for n in names]
    ax.barh(y, med, xerr=[lo, hi], color=colours, capsize=2, error_kw={"linewidth": 0.8})
    ax.set_yticks(y)
    ax.set_yticklabels(names, fontsize=8)
    if ps.spans_decades(med, 1):
        ax.set_xscale("log")
    ax.set_xlabel("ms, median of the runs (whiskers: min and max; lower is better)")
    ax.grid(False, axis="y")
    from matplotlib.patches import Patch
    kinds = [("pykc", "pykc")] + ([("nvcc -O3", "nvcc (the anchor)")]
                                  if any("nvcc" in n for n in names) else [])
    ax.legend(handles=[Patch(color=ps.colour(k), label=label) for k, label in kinds],
              loc="lower right")
    ps.finish(fig, ax, ps.title(o.what, o.device, o.commit), o.png, legend=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
