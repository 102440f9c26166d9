# A docstring and `pass` produce no code; an empty kernel is valid.
# RUN: %pykc %s --sig 'empty(float32[:])' --sig 'with_pass(float32[:])' --emit=ir -o - | FileCheck %s
from numba import cuda


@cuda.jit
def empty(io_array):
    """
    Code for kernel.
    """
    # code here


@cuda.jit
def with_pass(a):
    """One line."""
    pass
    a[0] = 1

# CHECK-LABEL: {{^}}kernel empty(io_array: array(float32, 1d, A)) -> none  # symbol empty
# CHECK-NEXT: {{^}}  pass{{$}}
# CHECK-LABEL: {{^}}kernel with_pass(a: array(float32, 1d, A)) -> none  # symbol with_pass
# CHECK-NEXT: {{^}}  a[0] = float32(1){{$}}
