"""Times Numba's own @njit(parallel=True) numba_reduce (the documents'
function, imported from examples/documents/reductions.py) on the same data
as njit_bench.cpp: N uniform(-1, 1) float32 values (NumPy's generator, so
the values differ; the work does not). Prints "numba THREADS MEDIAN_MS RESULT".

    /usr/bin/python3 numba_njit.py N THREADS [REPEATS]
"""
import importlib.util
import os
import sys
import time

import numba
import numpy as np


def main():
    n, threads = int(sys.argv[1]), int(sys.argv[2])
    repeats = int(sys.argv[3]) if len(sys.argv) > 3 else 21
    here = os.path.dirname(os.path.abspath(__file__))
    path = os.path.join(here, "..", "..", "examples", "documents", "reductions.py")
    # The document calls set_num_threads(8), more than small machines have:
    # load it with Numba's limit, then set the count to compare.
    source = open(path).read().replace("set_num_threads(8)", "set_num_threads(1)")
    spec = importlib.util.spec_from_loader("reductions", loader=None)
    module = importlib.util.module_from_spec(spec)
    exec(compile(source, path, "exec"), module.__dict__)
    numba.set_num_threads(threads)
    a = np.random.RandomState(1).uniform(-1, 1, n).astype(np.float32)
    module.numba_reduce(a)  # compile
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        result = module.numba_reduce(a)
        times.append((time.perf_counter() - start) * 1e3)
    times.sort()
    print("numba %d %.4f %.6f" % (threads, times[len(times) // 2], result))


if __name__ == "__main__":
    main()
