"""Times Numba's CUDA simulator on the documents' kernels (it runs each
thread as Python, so sizes are small; the script prints per-launch medians)."""
import os
import sys
import time

os.environ["NUMBA_ENABLE_CUDASIM"] = "1"
import numpy as np  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "examples", "documents"))
from increment_grid import increment_by_one  # noqa: E402
from matmul import cuda_matmul  # noqa: E402


def median(f, repeats):
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        f()
        times.append((time.perf_counter() - start) * 1000)
    return sorted(times)[len(times) // 2]


n = int(sys.argv[1]) if len(sys.argv) > 1 else 4096
m = int(sys.argv[2]) if len(sys.argv) > 2 else 16
a = np.ones(n, dtype=np.float32)
print("increment %d %.4f" % (n, median(lambda: increment_by_one[(n + 511) // 512, 512](a), 3)))
x = np.random.RandomState(0).rand(m, m).astype(np.float32)
z = np.zeros((m, m), dtype=np.float32)
print("matmul %d %.4f" % (m, median(lambda: cuda_matmul[((m + 15) // 16, (m + 15) // 16), (16, 16)](x, x, z), 1)))
