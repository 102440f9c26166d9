import os
import sys
from numba import cuda
from tuning import limits

N = int(sys.argv[1])
if os.environ.get("MODE") == "fast":
    FACTOR = 2.0
else:
    FACTOR = 3.0


@cuda.jit
def k(a):
    i = cuda.grid(1)
    if i < N:
        a[i] = a[i] * FACTOR + limits.CAP
