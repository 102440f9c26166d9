# Operands after the first of `and`/`or` are evaluated only when the ones
# before do not decide: the temporaries they need (here min's and max's
# operand, read once) stay with them in a `let`, not above the statement.
# RUN: %pykc %s --sig 'guards(float32[:], float64[:])' --emit=ir -o - | FileCheck %s
from numba import cuda


@cuda.jit
def guards(a, out):
    i = cuda.grid(1)
    if i < a.size and min(a[i], 0.0) > -1.0:
        out[i] = 1.0
    b = i >= a.size or max(a[i], 2.0) > 3.0 or min(a[i], 1.0) < 0.0
    if b:
        out[0] = 2.0

# CHECK-LABEL: {{^}}kernel guards(a: array(float32, 1d, A), out: array(float64, 1d, A)) -> none  # symbol guards
# CHECK-NEXT: {{^}}  i: int64 = cuda.grid(1){{$}}
# CHECK-NEXT: {{^}}  if ((i < a.size) and (let $t0: float64 = float64(a[i]) in ((0.0 if (0.0 < $t0) else $t0) > -1.0))):{{$}}
# CHECK-NEXT: {{^}}    out[i] = 1.0{{$}}
# CHECK-NEXT: {{^}}  b: bool = (((i >= a.size) or (let $t1: float64 = float64(a[i]) in ((2.0 if (2.0 > $t1) else $t1) > 3.0))) or (let $t2: float64 = float64(a[i]) in ((1.0 if (1.0 < $t2) else $t2) < 0.0))){{$}}
# CHECK-NEXT: {{^}}  if b:{{$}}
