"""Per-channel image operations, laid out as an image library writes them.

Images are (height, width, channels) arrays; the kernels take the spatial
extent with `img.shape[:2]`, reach a channel through an ellipsis, clear
borders by assigning to slices, mix channels through a transposed matrix,
and assert their preconditions the way a debug build would check them.
"""
import math

import numpy as np
from numba import cuda

__all__ = ["clear_border", "mix_channels", "channel_energy"]

BORDER = 1
LUMA = (0.299, 0.587, 0.114)


@cuda.jit
def clear_border(img, out):
    """Copy `img` into `out`, with a BORDER-pixel frame set to -1."""
    y = cuda.grid(1)
    h, w = img.shape[:2]
    if y >= h:
        return
    assert out.shape[:2] == (h, w), "output must match the input's size"
    for x in range(w):
        for c in range(img.shape[2]):
            out[y, x, c] = img[y, x, c]
    if y < BORDER or y >= h - BORDER:
        out[y] = -1.0
    else:
        out[y, :BORDER] = -1.0
        out[y, w - BORDER:, ...] = -1.0


@cuda.jit
def mix_channels(img, matrix, out):
    """out[y, x] = matrix @ img[y, x], reading the matrix through .T."""
    y, x = cuda.grid(2)
    h, w = img.shape[:2]
    if y < h and x < w:
        columns = matrix.T
        for k in range(columns.shape[1]):
            acc = 0.0
            for c in range(columns.shape[0]):
                acc += columns[c, k] * img[y, x, c]
            out[y, x, k] = acc


@cuda.jit
def channel_energy(img, out):
    """Per row: the luma-weighted energy, and the largest channel sum."""
    y = cuda.grid(1)
    if y < img.shape[0]:
        weights = LUMA[:2] + LUMA[2:]
        energy = 0.0
        best = -math.inf
        for c in range(len(weights)):
            plane = img[..., c]
            row_sum = 0.0
            for x in range(plane.shape[1]):
                row_sum += plane[y, x]
            energy += weights[c] * row_sum
            best = max(best, row_sum)
        out[y, 0] = energy
        out[y, 1] = best
        out[y, 2] = img.strides[2] * len(LUMA[1:])


def host_mix(img, matrix):
    out = np.zeros(img.shape[:2] + (matrix.shape[0],), dtype=img.dtype)
    mix_channels[(8, 8), (8, 8)](img, matrix, out)
    return out
