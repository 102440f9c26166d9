# Updating a row or a slice of an array in place is refused, as Numba-CUDA
# has no in-place operators on arrays; assigning a scalar to either is not
# (NumPy's broadcasting: no error for the first two lines).
# RUN: not %pykc %s --sig 'k(float32[:, :])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit
def k(a):
    a[0] = 1
    a[1, 2:] = 2
    a[0] += 1
    a[1, 2:] *= 2

# CHECK: {{^}}{{.*}}fail_store_row.py:12:5: error: updating a row of an array in place (index every dimension) is not supported in a kernel [UnsupportedSyntax]{{$}}
# CHECK-NEXT: {{^}}    a[0] += 1{{$}}
# CHECK-NEXT: {{^}}    ^~~~{{$}}
# CHECK: {{^}}{{.*}}fail_store_row.py:13:10: error: updating a slice of an array in place (loop over its elements) is not supported in a kernel [UnsupportedSyntax]{{$}}
# CHECK-NEXT: {{^}}    a[1, 2:] *= 2{{$}}
# CHECK-NEXT: {{^}}         ^~{{$}}
