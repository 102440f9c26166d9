#!/usr/bin/env python3
"""Checks that a -ftime-trace file is a Chrome trace as time_trace.test
expects, and prints its boxes' names sorted, one a line, each with how
many times it occurs; then the first thread's name and whether every other
is a worker. Exits 1 with a message on anything malformed (a box ending
after the trace's total, a negative time, a thread without a name). The
order the boxes start in and how many threads ran them vary with the
machine, so neither is printed."""
import collections
import json
import sys

trace = json.load(open(sys.argv[1]))
events = trace["traceEvents"]
boxes = [e for e in events if e["ph"] == "X"]
names = {e["tid"]: e["args"]["name"] for e in events if e["ph"] == "M"}
total = next(e for e in boxes if e["name"] == "total")
problems = []
for e in boxes:
    if e["ts"] < 0 or e["dur"] < 0 or e["ts"] + e["dur"] > total["dur"] + 1:
        problems.append(f"box {e['name']} at {e['ts']} for {e['dur']} us, the total {total['dur']}")
    if e["tid"] not in names or e["pid"] != 1:
        problems.append(f"box {e['name']} on an unnamed thread {e['tid']}")
if trace.get("displayTimeUnit") != "ms":
    problems.append("no displayTimeUnit")
if problems:
    sys.exit("\n".join(problems))
counts = collections.Counter(e["name"] for e in boxes)
for name in sorted(counts):
    print(name, counts[name])
print("thread 0:", names[0])
print("others workers:", all(names[t] == f"pykc worker {t}" for t in names if t))
