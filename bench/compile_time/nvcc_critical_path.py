#!/usr/bin/env python3
"""The least time `nvcc -c --threads N` could take with N as large as it
likes, from the step times `nvcc -time FILE.csv` recorded in a run with
--threads 1: `nvcc_critical_path.py FILE.csv`. A model, as trace_cores.py
is for pykc, and one that favours nvcc: each architecture's chain
(preprocessing, cicc, ptxas; one ptxas per SASS built from that PTX, all
at once) runs beside the others and beside the host's preprocessing and
cudafe++; the fatbinary, the host compile and the driver wait for all of
them. Prints the steps' sum, the longest chain and that least time."""
import csv
import sys

rows = [[c.strip() for c in r] for r in csv.reader(open(sys.argv[1])) if r]
header, rows = rows[0], rows[1:]
phase, out_file, inputs, arch, ms = (header.index(h) for h in (
    "phase name", "phase output file", "phase input files", "arch", "metric"))
total = sum(float(r[ms]) for r in rows)
chains = {}  # virtual architecture -> [preprocessing + cicc, [ptxas...]]
host = after = 0.0
for r in rows:
    step, t = r[phase], float(r[ms])
    if step == "gcc (preprocessing 1)" or step == "cicc":
        chains.setdefault(r[arch], [0.0, []])[0] += t
    elif step == "ptxas":
        # Its input is the PTX of a virtual architecture: compute_XX.ptx.
        virtual = next(p for p in r[inputs].split(".") if p.startswith("compute_"))
        chains.setdefault(virtual, [0.0, []])[1].append(t)
    elif step in ("gcc (preprocessing 4)", "cudafe++"):
        host += t
    else:  # fatbinary, the host compile, the driver
        after += t
longest = max(host, max(front + max(sass or [0.0]) for front, sass in chains.values()))
print(f"steps: {len(rows)}, their sum {total:.0f} ms")
print(f"longest chain before the fatbinary: {longest:.0f} ms; after it: {after:.0f} ms")
print(f"least time on unbounded threads: {longest + after:.0f} ms (model)")
