# Compares examples/common/numpy_print.h with NumPy's own str() and repr():
#   numpy_print_cases.py PROGRAM CASEFILE
# writes the cases to CASEFILE, runs PROGRAM on it (numpy_print_cases.cpp)
# and prints every mismatch, then "N cases, M mismatches".
import struct
import subprocess
import sys

import numpy as np

program, case_file = sys.argv[1], sys.argv[2]
rng = np.random.default_rng(1)
cases = []


def add(a, rep=False):
    cases.append((np.ascontiguousarray(a), rep))


# What the examples print.
add(np.array([4, 6, 10, 14, 8, 3, 5, 2]))
add(np.full((32, 16), 576.0))
add(np.full((32, 16), 576.0, np.float32))
add(np.ones(256))
add(np.full(10000, 71.0, np.float32))
add(rng.random((1000, 1000)).astype(np.float32) + 701)
add(np.arange(10.0), True)
# Shortest digits, padding, scientific notation, nan and inf, summaries.
add(rng.random((1000, 1000)).astype(np.float32))
add(np.arange(10.0))
add(np.arange(2000))
add(np.arange(-5, 5).reshape(2, 5))
add(np.array([-1.5, 2, 3e5]))
add(np.array([1e-5, 1.5]))
add(np.array([1e-5, 1e3]))
add(np.array([1e-5, 1e300, -2.5]))
add(rng.normal(0, 10, (40, 30)))
add(rng.normal(0, 10, (40, 30)).astype(np.float32))
add(rng.normal(0, 10, (5, 7)))
add(rng.normal(0, 1e-3, (50)))
add(np.array([np.nan, 1.5, -np.inf]))
add(np.array([0.0, 0.0]))
add(np.array([0.1, 0.2, 0.30000000000000004]))
add(np.array([1 / 3, 2 / 3], np.float32))
add(np.array([1 / 3, 2 / 3]))
add(rng.integers(-10**6, 10**6, 3000))
add(rng.integers(-10**6, 10**6, (30, 40)), True)
add(rng.normal(0, 10, (3, 4, 5)))
add(rng.normal(0, 10, (30, 40, 50)))
add(rng.normal(0, 10, (100)), True)
add(np.arange(5.0).reshape(5, 1))
add(np.zeros((0,)))
add(np.array([np.nan, 1e-5, 1.5]))
add(np.array([np.nan, -np.inf]))
add(np.array([np.inf, 2.0, 3.25]))
add(np.arange(6, dtype=np.int32).reshape(2, 3) * 1000)

dtypes = {np.float32: 'f', np.float64: 'd', np.int64: 'q', np.int32: 'i'}
with open(case_file, 'wb') as f:
    f.write(struct.pack('i', len(cases)))
    for a, rep in cases:
        f.write(dtypes[a.dtype.type].encode())
        f.write(struct.pack('ii', int(rep), a.ndim))
        for e in a.shape:
            f.write(struct.pack('q', e))
        f.write(a.tobytes())

run = subprocess.run([program, case_file], capture_output=True, text=True)
if run.returncode != 0:
    sys.exit(f"{program} failed with status {run.returncode}: {run.stderr}")
outputs = run.stdout.split('\n@@\n')
bad = 0
for (a, rep), got in zip(cases, outputs):
    want = repr(a) if rep else str(a)
    if got != want:
        bad += 1
        print(f"mismatch for {'repr' if rep else 'str'} of {a.dtype} {a.shape}:")
        print(want)
        print("pykc examples print:")
        print(got)
print(f"{len(cases)} cases, {bad} mismatches")
