# A @cuda.reduce operator must take two values and return a number.
# RUN: not %pykc %s --sig 'pair_reduce(float64)' --sig 'three_reduce(float64)' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.reduce
def three_reduce(a, b, c):
    return a + b + c


@cuda.reduce
def pair_reduce(a, b):
    return (a, b)

# CHECK: {{^}}{{.*}}fail_invalid_reduction.py:7:5: error: @cuda.reduce function 'three_reduce' cannot be a reduction: it takes 3 parameters; a reduction combines two values, f(a, b) [InvalidReduction]{{$}}
# CHECK-NEXT: {{^}}def three_reduce(a, b, c):{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_invalid_reduction.py:12:5: error: @cuda.reduce function 'pair_reduce' cannot be a reduction: for (float64, float64) it returns 'UniTuple(float64 x 2)', not a number [InvalidReduction]{{$}}
# CHECK-NEXT: {{^}}def pair_reduce(a, b):{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~~~~{{$}}
