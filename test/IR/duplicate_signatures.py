# A --sig equal to the decorator's signature, or given twice, is one
# signature: one kernel, its symbol unmangled, and `pykc -c` builds it.
# RUN: %pykc %s --sig 'k(float32[:])' --sig 'k(float32[:])' --emit=ir -o - | FileCheck %s
# RUN: %pykc %s --sig 'k(float32[:])' -c --no-sass -o %t.o
from numba import cuda


@cuda.jit('void(float32[:])')
def k(a):
    a[0] = 1

# CHECK: {{^}}kernel k(a: array(float32, 1d, A)) -> none  # symbol k{{$}}
# CHECK-NOT: kernel
