"""cuda.libdevice for Numba's simulator: Numba 0.56's simulator has only
stubs for libdevice's functions (they return None), so run_differential.py
imports this module to replace the ones the corpus uses with Python that
computes what libdevice computes (float32 functions round to float32)."""
import math
from fractions import Fraction

import numpy as np
from numba.cuda import libdevice

MASK64 = (1 << 64) - 1


def _f32(x):
    return float(np.float32(x))


def sincosf(x):
    return _f32(math.sin(_f32(x))), _f32(math.cos(_f32(x)))


def frexp(x):
    m, e = math.frexp(x)
    return m, e


def llrint(x):
    return int(np.rint(x))


def popcll(x):
    return bin(x & MASK64).count("1")


def clzll(x):
    x &= MASK64
    return 64 - x.bit_length()


def ffs(x):
    x &= (1 << 32) - 1
    return (x & -x).bit_length()


def brev(x):
    bits = int(format(x & 0xFFFFFFFF, "032b")[::-1], 2)
    return bits - (1 << 32) if bits >= 1 << 31 else bits


def fma(x, y, z):
    # Rounded once, as a fused multiply-add is.
    return float(Fraction(x) * Fraction(y) + Fraction(z))


STAND_INS = {
    "sincosf": sincosf, "frexp": frexp, "llrint": llrint, "popcll": popcll,
    "clzll": clzll, "ffs": ffs, "brev": brev, "abs": abs, "exp": math.exp,
    "fabs": math.fabs, "hypot": math.hypot, "fma": fma, "cbrt": math.cbrt,
}

for _name, _fn in STAND_INS.items():
    setattr(libdevice, _name, _fn)
