"""Lookup tables that module code computes with NumPy, as filter, signal
and image libraries build them: Numba freezes the arrays NumPy computed,
with NumPy's dtypes (value-based promotion of scalars, wrapping integers,
float32 rounding) and its pairwise sums."""
import math

import numpy as np
from numba import cuda

RADIUS = 3
SIGMA = 1.5

# A Gaussian filter's taps, normalised in place, and its float32 copy.
_offsets = np.arange(-RADIUS, RADIUS + 1)
TAPS = np.exp(-(_offsets ** 2) / (2.0 * SIGMA ** 2))
TAPS /= TAPS.sum()
TAPS32 = TAPS.astype(np.float32)
TAP_COUNT = TAPS.size
TAP_NORM = math.sqrt(np.sum(TAPS ** 2))

# Integer tables: squares, powers of two, int8 scaled past its range (NumPy
# makes it int16) and wrapped inside it (an int8 scalar keeps int8).
SQUARES = np.arange(8) ** 2
POW2 = 2 ** np.arange(10)
WIDENED = np.arange(6, dtype=np.int8) * 300
WRAPPED = np.arange(6, dtype=np.int8) * np.int8(50)
MODS = np.arange(-5, 5) % 3
STEPS = np.cumsum(np.arange(1, 6))
CLIPPED = np.maximum(np.arange(7) - 3, 0)

# Float tables: float32 stays float32 with a Python float, an int32 array
# with one becomes float64; floor division and remainder as NumPy's.
THIRDS = np.ones(5, dtype=np.float32) / 3
SCALED = np.arange(4, dtype=np.int32) * 2.5
FLOORS = np.floor(np.linspace(-2, 2, 9) * 1.5)
QUOTIENTS = np.linspace(-3, 3, 7) // 0.7
SINES = np.sin(np.linspace(0, math.pi, 9))
ROOTS = np.sqrt(np.arange(5, dtype=np.int16))

# A 2-D table and a row broadcast over it.
GRID = (np.arange(12).reshape(3, 4) % 5) - 2
OFFSET_GRID = GRID + np.arange(4) * 10.0
ROWS, COLS = GRID.shape

# Reductions: NumPy sums floats pairwise, so a long sum is not a loop's.
CUBES = np.linspace(0, 1, 1000) ** 3
CUBE_SUM = CUBES.sum()
CUBE_MEAN = CUBES.mean()
INT_MEAN = np.mean(np.arange(10001))
PEAK = SQUARES.max()
LOW32 = TAPS32.min()


@cuda.jit
def read_taps(out, out32):
    i = cuda.grid(1)
    if i < TAP_COUNT:
        out[i] = TAPS[i]
        out32[i] = TAPS32[i]


@cuda.jit
def read_ints(out):
    i = cuda.grid(1)
    if i < SQUARES.size:
        out[0, i] = SQUARES[i]
    if i < POW2.size:
        out[1, i] = POW2[i]
    if i < WIDENED.size:
        out[2, i] = WIDENED[i]
        out[3, i] = WRAPPED[i]
    if i < MODS.size:
        out[4, i] = MODS[i]
    if i < STEPS.size:
        out[5, i] = STEPS[i]
    if i < CLIPPED.size:
        out[6, i] = CLIPPED[i]


@cuda.jit
def read_floats(out, out32):
    i = cuda.grid(1)
    if i < THIRDS.size:
        out32[0, i] = THIRDS[i]
    if i < ROOTS.size:
        out32[1, i] = ROOTS[i]
    if i < SCALED.size:
        out[0, i] = SCALED[i]
    if i < FLOORS.size:
        out[1, i] = FLOORS[i]
    if i < QUOTIENTS.size:
        out[2, i] = QUOTIENTS[i]


@cuda.jit
def read_sines(out):
    i = cuda.grid(1)
    if i < SINES.size:
        out[i] = SINES[i]


@cuda.jit
def read_grid(out):
    i = cuda.grid(1)
    if i < ROWS * COLS:
        r = i // COLS
        c = i % COLS
        out[0, i] = GRID[r, c]
        out[1, i] = OFFSET_GRID[r, c]


@cuda.jit
def read_reductions(out):
    i = cuda.grid(1)
    if i == 0:
        out[0] = CUBE_SUM
        out[1] = CUBE_MEAN
        out[2] = INT_MEAN
        out[3] = PEAK
        out[4] = LOW32
        out[5] = TAP_NORM
        out[6] = ROWS * 10 + COLS
