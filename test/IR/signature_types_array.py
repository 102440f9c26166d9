# Numba's types.Array(dtype, ndim, layout) in a signature, also held in a
# module constant as a signature object (SIG = void(...)): the layout
# quoted either way; a bad layout or dimension count is an error at it.
# RUN: %pykc %s --emit=ir -o - | FileCheck %s
# RUN: not %pykc %s --sig "fill(Array(float64, 2, 'X'), float64)" --emit=ir -o /dev/null 2>&1 | FileCheck %s --check-prefix=LAYOUT
# RUN: not %pykc %s --sig "fill(Array(float64, 0, 'C'), float64)" --emit=ir -o /dev/null 2>&1 | FileCheck %s --check-prefix=NDIM
from numba import cuda, float64, types, void

SIG = void(types.Array(types.float64, 2, "F"), float64)


@cuda.jit(SIG)
def fill(out, v):
    out[0, 0] = v


@cuda.jit(void(types.Array(types.int32, 1, 'A')))
def bump(a):
    a[0] += 1

# CHECK: kernel fill(out: array(float64, 2d, F), v: float64) -> none  # symbol fill
# CHECK: kernel bump(a: array(int32, 1d, A)) -> none  # symbol bump
# LAYOUT: <--sig>:1:24: error: invalid signature: expected the layout 'C', 'F' or 'A' [InvalidSignature]
# NDIM: error: invalid signature: an array has at least one dimension [InvalidSignature]
