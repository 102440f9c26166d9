"""Device functions one package level down."""
import math

from numba import cuda

from .. import config

RMS_FLOOR = math.sqrt(config.EPS)


@cuda.jit(device=True)
def mix(a, b, w):
    return (1.0 - w) * a + w * b


@cuda.jit(device=True)
def rms2(a, b):
    return math.sqrt(0.5 * (a * a + b * b)) + RMS_FLOOR
