# The reduction-order check interprets each operator's typed IR while
# compiling (ir/Interpret.h), nothing is launched: device functions it
# calls, the math module, loops and augmented assignments run as compiled.
# An operator it cannot run (a thread index, an array) gets a note that it
# was not checked, and no warning.
# RUN: %pykc %s --sig 'hyp(float64)' --sig 'looped_sum(int64)' --sig 'by_thread(int32)' --sig 'weighted(int32)' -o %t.ptx 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=warning: --implicit-check-not=note:
import math

import numpy as np
from numba import cuda

WEIGHTS = np.array([1, 2, 3], dtype=np.int32)


@cuda.jit(device=True)
def square(x):
    return x * x


@cuda.reduce
def hyp(a, b):
    return math.sqrt(square(a) + square(b))


@cuda.reduce
def looped_sum(a, b):
    total = a
    for _ in range(3):
        total += b
    steps = 0
    while steps < 2:
        total -= b
        steps += 1
    return total


@cuda.reduce
def by_thread(a, b):
    return a + b + cuda.threadIdx.x


@cuda.reduce
def weighted(a, b):
    return a + WEIGHTS[0] * b



# CHECK: {{^}}{{.*}}reduce_order_interpreted.py:21:5: warning: the reduction 'hyp' does not associate: f(f(1.0, 1.0), -3.0) != f(1.0, f(1.0, -3.0)) for float64; its result depends on the order values are combined in, which differs between GPUs, the CPU backend and Numba [OrderDependentReduction]{{$}}
# CHECK-NEXT: {{^}}def hyp(a, b):{{$}}
# CHECK-NEXT: {{^}}    ^~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}reduce_order_interpreted.py:38:5: note: pykc could not check whether the reduction 'by_thread' gives the same result in any order for int32: it reads a thread's index or the grid's size, which only a launch has [NoteReductionOrderUnchecked]{{$}}
# CHECK-NEXT: {{^}}def by_thread(a, b):{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}reduce_order_interpreted.py:43:5: note: pykc could not check whether the reduction 'weighted' gives the same result in any order for int32: it reads an array [NoteReductionOrderUnchecked]{{$}}
# CHECK-NEXT: {{^}}def weighted(a, b):{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~{{$}}
