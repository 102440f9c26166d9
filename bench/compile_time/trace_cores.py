#!/usr/bin/env python3
"""What a `pykc -c` would take on more cores, from the -ftime-trace of one
compile: `trace_cores.py TRACE [CORES...]` (default 1 2 4 8 16 32).

A model, not a measurement: take the trace with -j 1 on a quiet machine,
so that each box is one task's time on one core (ptxas's included: the
thread waits for it), then replay the tasks the way -c runs them
(tools/pykc/CompileObject.cpp, GpuImages.cpp, HostParts.cpp):
  - the front end, one after the other;
  - then two chains side by side, sharing the cores, each step waiting
    for the whole of the one before it:
      GPU  gpu-cache, ptx/optimize (per group), ptx/sm_XX (per group and
           target), sass/sm_XX (per group and architecture), fatbinary
           (per group);
      CPU  cpu-code/SYMBOL (per kernel), cpu-join (the parts and the
           tables joined, which need only the images' layout);
  - then cpu-object (the images put in), and then cache-store and write
    side by side.
Each free core takes the task that has been ready longest. Prints, per
core count, the modelled wall time; and the tasks' sum and the longest
chain of dependent tasks, which bound it from below."""
import json
import sys

FRONT = ["read", "parse", "names", "signatures", "typing", "checks", "operators", "reductions",
         "cache-key", "cache-lookup"]
TAIL = {"cpu-object": 0, "cache-store": 1, "write": 1}  # name: step


def stage_of(name):
    """(chain, step) of a box's name; None for boxes that are not tasks."""
    if name in FRONT:
        return ("front", 0)
    if name in TAIL:
        return ("tail", TAIL[name])
    gpu = [lambda n: n == "gpu-cache", lambda n: n == "ptx/optimize",
           lambda n: n.startswith("ptx/sm_") and n.count("/") == 1,
           lambda n: n.startswith("sass/"), lambda n: n == "fatbinary"]
    for step, test in enumerate(gpu):
        if test(name):
            return ("gpu", step)
    if name.startswith("cpu-code/") and not name.startswith("cpu-code/pass/"):
        return ("cpu", 0)
    if name == "cpu-join":
        return ("cpu", 1)
    return None


def load(path):
    events = json.load(open(path))["traceEvents"]
    steps = {}
    for e in events:
        if e["ph"] != "X" or e["name"] == "total":
            continue
        where = stage_of(e["name"])
        if where:
            steps.setdefault(where, []).append(e["dur"] / 1000.0)
    return steps


def chain(steps, name):
    return [steps[k] for k in sorted(k for k in steps if k[0] == name)]


def tail(steps):
    """The tail's time: each step's boxes run side by side."""
    return sum(max(s) for s in chain(steps, "tail"))


def replay(steps, cores):
    """The modelled wall time in ms on `cores` cores."""
    now = sum(sum(s) for s in chain(steps, "front"))
    chains = {c: chain(steps, c) for c in ("gpu", "cpu")}
    step = {c: 0 for c in chains}
    ready = []  # (since, chain, duration)
    pending = {c: 0 for c in chains}
    running = []  # (end, chain)

    def release(c, at):
        while step[c] < len(chains[c]) and not chains[c][step[c]]:
            step[c] += 1
        if step[c] < len(chains[c]):
            for d in chains[c][step[c]]:
                ready.append((at, c, d))
            pending[c] = len(chains[c][step[c]])

    for c in chains:
        release(c, now)
    while ready or running:
        while ready and len(running) < cores:
            ready.sort(key=lambda r: r[0])
            since, c, d = ready.pop(0)
            running.append((now + d, c))
        running.sort()
        end, c = running.pop(0)
        now = end
        pending[c] -= 1
        if pending[c] == 0:
            step[c] += 1
            release(c, now)
    return now + tail(steps)


def main():
    steps = load(sys.argv[1])
    counts = [int(a) for a in sys.argv[2:]] or [1, 2, 4, 8, 16, 32]
    total = sum(sum(s) for s in steps.values())
    serial = sum(sum(s) for s in chain(steps, "front")) + tail(steps)
    longest = serial + max(sum(max(s) for s in chain(steps, c)) for c in ("gpu", "cpu"))
    print(f"tasks: {sum(len(s) for s in steps.values())}, their sum {total:.0f} ms, "
          f"the longest chain {longest:.0f} ms")
    for n in counts:
        print(f"{n:3d} cores: {replay(steps, n):8.0f} ms (model)")


main()
