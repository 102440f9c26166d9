# Two Numba decorators on one function: the outer one would get the
# inner one's dispatcher, which Numba cannot compile. One error, on the
# outer decorator; the function is still checked as the inner one made it.
# (Found by the kernel fuzzer: two equal kernels reached the object writer.)
# RUN: not %pykc %s -c --no-sass -o %t.o 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit("void(int64[:])")
@cuda.jit("void(int64[:])")
def kernel(r):
    r[0] = 1


@cuda.jit(device=True)
@cuda.jit("void(int64[:])")
def other(r):
    r[0] = 2

# CHECK: {{^}}{{.*}}fail_stacked_decorators.py:9:2: error: invalid decorator: it would apply to what the decorator on line 10 made of 'kernel'; give each function one Numba decorator [InvalidDecorator]{{$}}
# CHECK-NEXT: {{^}}@cuda.jit("void(int64[:])"){{$}}
# CHECK-NEXT: {{^}} ^~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
# CHECK: {{^}}{{.*}}fail_stacked_decorators.py:15:2: error: invalid decorator: it would apply to what the decorator on line 16 made of 'other'; give each function one Numba decorator [InvalidDecorator]{{$}}
