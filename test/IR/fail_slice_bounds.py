# A slice's bounds and step must be integers, one diagnostic per bad part;
# a scalar assigned to a slice broadcasts (NumPy's rule), an array does not
# (Numba-CUDA cannot copy one into a slice either), and an index has at most
# one ellipsis.
# RUN: not %pykc %s --sig 'k(float32[:], float32, float32[:, :])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit
def k(a, x, b):
    v = a[1:x]
    a[::2] = 0
    a[1:3] = a[4:6]
    b[..., 0] = x
    b[..., ...] = x

# CHECK: {{^}}{{.*}}fail_slice_bounds.py:11:13: error: an index must be an integer, not 'float32' [IndexType]{{$}}
# CHECK-NEXT: {{^}}    v = a[1:x]{{$}}
# CHECK-NEXT: {{^}}            ^{{$}}
# CHECK: {{^}}{{.*}}fail_slice_bounds.py:13:14: error: assigning an array to a slice of an array (Numba-CUDA cannot either: it copies the source through the heap; copy the elements in a loop) is not supported in a kernel [UnsupportedSyntax]{{$}}
# CHECK-NEXT: {{^}}    a[1:3] = a[4:6]{{$}}
# CHECK-NEXT: {{^}}             ^~~~~~{{$}}
# CHECK: {{^}}{{.*}}fail_slice_bounds.py:15:12: error: invalid argument to an array index: an index can only have a single ellipsis ('...') [InvalidArgument]{{$}}
# CHECK-NEXT: {{^}}    b[..., ...] = x{{$}}
# CHECK-NEXT: {{^}}           ^~~{{$}}
