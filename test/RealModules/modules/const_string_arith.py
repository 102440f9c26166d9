"""Constants computed from strings and arithmetic of other constants."""
from numba import cuda

_PREFIX = "tile"
_LAYOUT = _PREFIX + "_" + "{}x{}".format(16, 4)
TILE_W = int(_LAYOUT.split("_")[1].split("x")[0])
TILE_H = int(_LAYOUT.split("x")[-1])
TILE = TILE_W * TILE_H
HALF = TILE // 2
SCALE = 2 ** -3
OFFSET = (TILE - HALF) % 7 + 0.5
MODE = "reflect".upper()
REFLECT = MODE == "REFLECT"
_LEVELS = 3
LEVEL_SCALE = 1.0 / (1 << _LEVELS)


@cuda.jit
def tile_transform(x, out):
    i = cuda.grid(1)
    if i < x.size:
        k = i % TILE
        if REFLECT and k >= HALF:
            k = TILE - 1 - k
        out[i] = x[i] * SCALE + k * LEVEL_SCALE + OFFSET
