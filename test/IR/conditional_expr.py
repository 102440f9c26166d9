# `x if cond else y` unifies its arms: int32 and float32 -> float64.
# RUN: %pykc %s --sig 'select(float64[:], int32, float32)' --emit=ir -o - | FileCheck %s
from numba import cuda


@cuda.jit
def select(out, i, f):
    out[0] = i if i > 0 else f

# CHECK-LABEL: {{^}}kernel select(out: array(float64, 1d, A), i: int32, f: float32) -> none  # symbol select
# CHECK-NEXT: {{^}}  out[0] = (float64(i) if (int64(i) > 0) else float64(f)){{$}}
