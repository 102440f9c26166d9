"""Prints, sorted, what `ptxas -v` reports for each entry function in the
logs given: "ARCH KERNEL: <registers line> | <stack line>", so that two
builds of the same kernels (the whole file's PTX, and -c's GPU groups) can
be compared kernel by kernel, whatever order ptxas compiled them in."""
import re
import sys

usage = {}
for path in sys.argv[1:]:
    current = None
    with open(path) as log:
        for line in log:
            entry = re.search(r"Compiling entry function '(\w+)' for '(\w+)'", line)
            if entry:
                current = (entry.group(2), entry.group(1))
                usage[current] = []
            elif current and ("Used" in line or "stack frame" in line):
                usage[current].append(line.split(":", 1)[-1].strip())
for (arch, kernel), facts in sorted(usage.items()):
    print(f"{arch} {kernel}: {' | '.join(facts)}")
