# A slice's bounds and step must be integers, one diagnostic per bad part;
# assigning to a slice (NumPy broadcasting) is not supported yet and says so.
# RUN: not %pykc %s --sig 'k(float32[:], float32)' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit
def k(a, x):
    v = a[1:x]
    a[::2] = 0

# CHECK: {{^}}{{.*}}fail_slice_bounds.py:9:13: error: an index must be an integer, not 'float32' [IndexType]{{$}}
# CHECK-NEXT: {{^}}    v = a[1:x]{{$}}
# CHECK-NEXT: {{^}}            ^{{$}}
# CHECK: {{^}}{{.*}}fail_slice_bounds.py:10:7: error: assigning to a slice of an array is not supported in a kernel [UnsupportedSyntax]{{$}}
# CHECK-NEXT: {{^}}    a[::2] = 0{{$}}
# CHECK-NEXT: {{^}}      ^~~{{$}}
