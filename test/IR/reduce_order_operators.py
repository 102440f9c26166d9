# The reduction-order check runs operators that use Python's //, %, ** and
# shifts: the interpreter runs the same functions of primitive operations
# the kernels call (ir/OperatorFunctions.h), so nothing is left unchecked
# for them. Modular sums associate and commute and pass clean; a halving
# average, a shift-and-or and a sum of squares do not.
# RUN: %pykc %s --sig 'halves(int64)' --sig 'mod_sum(int64)' --sig 'float_mod(float64)' --sig 'shifted(int64)' --sig 'squares(int32)' -o %t.ptx 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=warning: --implicit-check-not=note:
from numba import cuda


@cuda.reduce
def halves(a, b):
    return (a + b) // 2


@cuda.reduce
def mod_sum(a, b):
    return (a + b) % 1000003


@cuda.reduce
def float_mod(a, b):
    return (a + b) % 4.0


@cuda.reduce
def shifted(a, b):
    return (a << 1) | b


@cuda.reduce
def squares(a, b):
    return a ** 2 + b ** 2

# CHECK: {{^}}{{.*}}reduce_order_operators.py:11:5: warning: the reduction 'halves' does not associate: f(f(1, 1), -3) != f(1, f(1, -3)) for int64; its result depends on the order values are combined in, which differs between GPUs, the CPU backend and Numba [OrderDependentReduction]{{$}}
# CHECK-NEXT: {{^}}def halves(a, b):{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}reduce_order_operators.py:26:5: warning: the reduction 'shifted' does not associate: f(f(1, 1), 1) != f(1, f(1, 1)) and does not commute: f(1, -3) != f(-3, 1) for int64; its result depends on the order values are combined in, which differs between GPUs, the CPU backend and Numba [OrderDependentReduction]{{$}}
# CHECK-NEXT: {{^}}def shifted(a, b):{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}reduce_order_operators.py:31:5: warning: the reduction 'squares' does not associate: f(f(1, 1), -3) != f(1, f(1, -3)) for int32; its result depends on the order values are combined in, which differs between GPUs, the CPU backend and Numba [OrderDependentReduction]{{$}}
# CHECK-NEXT: {{^}}def squares(a, b):{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~{{$}}
