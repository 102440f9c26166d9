"""One look for every plot pykc's benchmarks and examples draw.

Debian's matplotlib (python3-matplotlib, which scripts/setup.sh installs)
with the Agg backend, so plots are drawn without a display. Every script
that draws goes through this module: the same palette for the same series
in every plot (pykc blue, its anchors in their own colours), the same font
sizes and grid, log axes where the data span decades, and one title form,

    <what> — <device>, pykc <commit>

where device and commit come from the results' own metadata (device.txt,
or a CSV's '#' comment line), never from the machine that draws.

    import plot_style as ps
    plt = ps.pyplot()                  # None (with a message) without matplotlib
    fig, ax = plt.subplots(figsize=ps.SIZE)
    ax.plot(ns, ms, **ps.series("numpy"))
    ps.log_axes(ax, ns, ms)
    ps.finish(fig, ax, ps.title("Sum of float32", device, commit), "out.png", note="...")
"""
import os
import re
import sys

# Series name -> colour and marker. A series not listed gets a colour of the
# cycle below in the order it is drawn.
_SERIES = {
    "pykc": ("#1f5fa8", "o"),
    "pykc (1 core)": ("#6a9fd8", "o"),
    "pykc (all cores)": ("#1f5fa8", "o"),
    "pykc, host array": ("#6a9fd8", "o"),
    "pykc, device array": ("#1f5fa8", "o"),
    "pykc tiled": ("#1f5fa8", "o"),
    "pykc naive": ("#6a9fd8", "o"),
    "pykc CPU backend": ("#2a9d8f", "D"),
    "numpy": ("#e07a1f", "s"),
    "numba-cuda": ("#c03a2b", "^"),
    "numba-cuda tiled": ("#c03a2b", "^"),
    "numba-cuda naive": ("#e8897d", "^"),
    "nvcc -O3": ("#555555", "v"),
    "cuBLAS": ("#7b4ea3", "P"),
    "CUB": ("#7b4ea3", "P"),
    "plain C++": ("#555555", "v"),
}
_CYCLE = ["#1f5fa8", "#e07a1f", "#2a9d8f", "#c03a2b", "#7b4ea3", "#555555", "#b8860b"]

SIZE = (7.5, 4.8)       # one plot
WIDE = (12.5, 5.0)      # a bar chart over many kernels, or two plots side by side
GRID_SIZE = (13.0, 8.0)  # a 2 x 3 grid of small plots
DPI = 120


def pyplot():
    """matplotlib.pyplot with this module's settings, or None (and a message on
    stderr naming the Debian package) when matplotlib is not installed."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("plot: matplotlib is missing (Debian: apt-get install python3-matplotlib, "
              "which scripts/setup.sh does): no plot", file=sys.stderr)
        return None
    plt.rcParams.update({
        "font.size": 10,
        "axes.titlesize": 11,
        "axes.labelsize": 10,
        "xtick.labelsize": 9,
        "ytick.labelsize": 9,
        "legend.fontsize": 9,
        "legend.framealpha": 0.9,
        "axes.grid": True,
        "axes.grid.which": "major",
        "grid.alpha": 0.25,
        "grid.linewidth": 0.6,
        "axes.spines.top": False,
        "axes.spines.right": False,
        "axes.prop_cycle": plt.cycler(color=_CYCLE),
        "lines.linewidth": 1.6,
        "lines.markersize": 5,
        "savefig.dpi": DPI,
        "figure.dpi": DPI,
    })
    return plt


def series(name, **extra):
    """Keyword arguments for ax.plot / ax.bar: the series' label, and its colour
    and marker when the palette names it."""
    kw = {"label": name}
    if name in _SERIES:
        colour, marker = _SERIES[name]
        kw["color"] = colour
        kw["marker"] = marker
    kw.update(extra)
    return kw


def colour(name):
    return _SERIES.get(name, (_CYCLE[0], "o"))[0]


def title(what, device, commit):
    """'<what> — <device>, pykc <commit>' (commit may be None: then no commit)."""
    where = device or "unknown device"
    return "%s — %s, pykc %s" % (what, where, commit) if commit else "%s — %s" % (what, where)


def spans_decades(values, decades=2):
    """True when the positive values span at least `decades` powers of ten."""
    v = [x for x in values if x is not None and x == x and x > 0]
    return bool(v) and max(v) / min(v) >= 10 ** decades


def log_axes(ax, xs, ys, base_x=2):
    """Log x (base 2, as sizes are powers of two) and log y, each where its data
    span a decade or more; linear otherwise."""
    if spans_decades(xs, 1):
        ax.set_xscale("log", base=base_x)
    if spans_decades(ys, 1):
        ax.set_yscale("log")


def finish(fig, ax_or_axes, heading, path, note=None, legend=True):
    """Title (and an optional note under it, for what a plot lacks), legends,
    layout, and the PNG at path."""
    axes = ax_or_axes if isinstance(ax_or_axes, (list, tuple)) else [ax_or_axes]
    if legend:
        for ax in axes:
            if ax.get_legend_handles_labels()[0]:
                ax.legend(loc="best")
    if len(axes) == 1 and not note:
        axes[0].set_title(heading)
        fig.tight_layout()
    else:
        fig.suptitle(heading, fontsize=12)
        if note:
            fig.text(0.5, 0.005, note, ha="center", va="bottom", fontsize=8.5, style="italic",
                     wrap=True)
        fig.tight_layout(rect=(0, 0.045 if note else 0, 1, 1))
    fig.savefig(path)
    import matplotlib.pyplot as plt
    plt.close(fig)
    return path


def read_device_txt(folder):
    """(device, commit) from folder/device.txt: the device is the first line's
    first comma-separated field, the commit a line 'commit HASH'."""
    path = os.path.join(folder, "device.txt")
    device = commit = None
    if os.path.exists(path):
        with open(path) as f:
            lines = [l.strip() for l in f if l.strip()]
        if lines:
            device = lines[0].split(",")[0].strip()
        for l in lines:
            m = re.match(r"commit:?\s+([0-9a-f]{7,40})", l)
            if m:
                commit = m.group(1)[:7]
    return device, commit


def read_csv_comment(path):
    """(device, commit) from a CSV's first line when it is a comment such as
    '# NVIDIA H100 80GB HBM3, commit 502d5ea: ...'; (None, None) otherwise."""
    with open(path) as f:
        first = f.readline()
    if not first.startswith("#"):
        return None, None
    m = re.match(r"#\s*([^,:]+),\s*commit\s+([0-9a-f]{7,40})", first)
    return (m.group(1).strip(), m.group(2)[:7]) if m else (None, None)
