"""Constants that module code builds with comprehensions, ranges and the
builtins tables need (divmod, sorted, round, enumerate, zip, any, all),
and IntEnum members' values, as configuration modules write them."""
import enum
import math

import numpy as np
from numba import cuda

RADIUS = 3

# A Gaussian's taps from a generator expression, normalised by sum().
_RAW = tuple(math.exp(-(k * k) / 4.0) for k in range(-RADIUS, RADIUS + 1))
TAPS = tuple(t / sum(_RAW) for t in _RAW)
# Harmonic weights from a list comprehension, frozen through np.array.
WEIGHTS = np.array([1.0 / (k + 1) for k in range(6)], dtype=np.float32)
# Odd squares, filtered; offsets of a 3x3 stencil from two for clauses.
ODD_SQUARES = tuple(k * k for k in range(10) if k % 2)
OFFSETS = tuple((dy, dx) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dy or dx)
OFFSET_COUNT = len(OFFSETS)
# A lookup from a dict comprehension; sorted keys; zip and enumerate.
_SCALES = {name: 2.0 ** i for i, name in enumerate(("lo", "mid", "hi"))}
HI_SCALE = _SCALES["hi"]
ORDER = tuple(sorted((5, -2, 9, 0, 3), reverse=True))
PAIRS = tuple(a * b for a, b in zip(range(1, 5), (10, 20, 30, 40)))
TOTAL = sum(range(1, 11), 100)
BLOCKS, REST = divmod(1000, 64)
HALF_UP = round(2.5) + round(3.5) + round(-0.5)
ALL_POSITIVE = all(w > 0 for w in _RAW)
COUNT = len(list(range(0, 30, 7)))


class Mode(enum.IntEnum):
    ADD = 1
    MUL = 2


MODE_VALUE = Mode.MUL.value * 10


@cuda.jit
def read_tables(out):
    i = cuda.grid(1)
    if i < len(TAPS):
        out[0, i] = TAPS[i]
    if i < WEIGHTS.size:
        out[1, i] = WEIGHTS[i]
    if i < len(ODD_SQUARES):
        out[2, i] = ODD_SQUARES[i]
    if i < len(ORDER):
        out[3, i] = ORDER[i]
    if i < len(PAIRS):
        out[4, i] = PAIRS[i]


@cuda.jit
def read_offsets(image, out):
    y, x = cuda.grid(2)
    if 1 <= y < image.shape[0] - 1 and 1 <= x < image.shape[1] - 1:
        acc = 0.0
        for k in range(OFFSET_COUNT):
            acc += image[y + OFFSETS[k][0], x + OFFSETS[k][1]]
        out[y, x] = acc * HI_SCALE


@cuda.jit
def read_scalars(out):
    if cuda.grid(1) == 0:
        out[0] = TOTAL
        out[1] = BLOCKS
        out[2] = REST
        out[3] = HALF_UP
        out[4] = 1 if ALL_POSITIVE else 0
        out[5] = COUNT
        out[6] = MODE_VALUE
