# A tuple's slice needs constant bounds (Numba's static_getitem) and a step
# other than zero; `assert` in a device function would have to unwind
# through its callers, an error for now, as 'raise' is.
# RUN: not %pykc %s --sig 'k(float32[:], int64)' --sig 'uses(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda

T = (1, 2, 3)


@cuda.jit
def k(a, n):
    p = T[n:]
    q = T[::0]
    r = T[:1.5]
    a[0] = 1


@cuda.jit(device=True)
def positive(x):
    assert x > 0
    return x


@cuda.jit
def uses(a):
    a[0] = positive(a[1])

# CHECK: {{^}}{{.*}}fail_tuple_slice_assert.py:12:11: error: the bounds of a tuple's slice must be a compile-time constant [NotConstant]{{$}}
# CHECK-NEXT: {{^}}    p = T[n:]{{$}}
# CHECK-NEXT: {{^}}          ^{{$}}
# CHECK: {{^}}{{.*}}fail_tuple_slice_assert.py:13:13: error: invalid argument to a tuple's slice: slice step cannot be zero [InvalidArgument]{{$}}
# CHECK: {{^}}{{.*}}fail_tuple_slice_assert.py:14:12: error: invalid argument to a tuple's slice: slice indices must be integers or None [InvalidArgument]{{$}}
# CHECK: {{^}}{{.*}}fail_tuple_slice_assert.py:20:5: error: 'assert' in a device function is not supported in a kernel [UnsupportedSyntax]{{$}}
# CHECK-NEXT: {{^}}    assert x > 0{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~{{$}}
