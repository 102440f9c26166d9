"""fastmath given as a set of LLVM flags in a config, as libraries that only
want some of fast-math's relaxations do."""
import math

from numba import cuda

_FASTMATH = {"nsz", "contract"}
config = {"STUMPY_FASTMATH_FLAGS": {"nsz", "arcp", "contract", "afn"}}


@cuda.jit(fastmath=_FASTMATH)
def scaled_abs(x, out, s):
    i = cuda.grid(1)
    if i < x.shape[0]:
        out[i] = abs(x[i]) * s


@cuda.jit(fastmath={"nsz", "contract"})
def distance(a, b, out):
    i = cuda.grid(1)
    if i < a.shape[0]:
        out[i] = math.sqrt((a[i, 0] - b[i, 0]) ** 2 + (a[i, 1] - b[i, 1]) ** 2)


@cuda.jit(fastmath=config["STUMPY_FASTMATH_FLAGS"])
def negate(x):
    i = cuda.grid(1)
    if i < x.shape[0]:
        x[i] = -x[i]
