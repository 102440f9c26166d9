# Each @cuda.reduce operator is tried on sample values of each dtype when
# the module compiles (on the CPU device): one that does not associate or
# does not commute gets one warning with its counterexample; a sum, a max
# and a product get none. (`first` and `total` are also names the
# reduction kernels would use, were theirs not prefixed.)
# RUN: %pykc %s -o %t.ptx 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=warning:
from numba import cuda


@cuda.reduce
def first(a, b):
    return a


@cuda.reduce
def mean2(a, b):
    return (a + b) / 2


@cuda.reduce
def total(a, b):
    return a + b


@cuda.reduce
def biggest(a, b):
    return max(a, b)


@cuda.reduce
def product(a, b):
    return a * b

# mean2 divides by an int64 for float32 too: Numba computes that in float64.
# CHECK: {{^}}{{.*}}reduce_order_warning.py:17:22: warning: '(a + b) / 2' computes in float64 although the function's floating-point data is float32: Numba types float32 combined with the integer '2' (int64) as float64; write 'float32(2)' to stay in float32 (float64 arithmetic is 2 to 64 times slower, depending on the GPU) [Float64Promotion]{{$}}
# CHECK-NEXT: {{^}}    return (a + b) / 2{{$}}
# CHECK-NEXT: {{^}}                     ^{{$}}
# CHECK-NEXT: {{^}}{{.*}}reduce_order_warning.py:11:5: warning: the reduction 'first' does not commute: f(1, -3) != f(-3, 1) for int32; its result depends on the order values are combined in, which differs between GPUs, the CPU backend and Numba [OrderDependentReduction]{{$}}
# CHECK-NEXT: {{^}}def first(a, b):{{$}}
# CHECK-NEXT: {{^}}    ^~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}reduce_order_warning.py:16:5: warning: the reduction 'mean2' does not associate: f(f(1, 1), -3) != f(1, f(1, -3)) for int32; its result depends on the order values are combined in, which differs between GPUs, the CPU backend and Numba [OrderDependentReduction]{{$}}
# CHECK-NEXT: {{^}}def mean2(a, b):{{$}}
# CHECK-NEXT: {{^}}    ^~~~~{{$}}
