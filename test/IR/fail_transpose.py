# transpose()'s axes are constant integers naming each dimension once, as
# NumPy checks them; np.transpose takes an array; a tuple has no transpose.
# RUN: not %pykc %s --sig 'k(float32[:, :], int64)' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
import numpy as np
from numba import cuda


@cuda.jit
def k(a, n):
    p = a.transpose(1, 0, 2)
    q = a.transpose((2, 0))
    r = a.transpose(1, 1)
    s = a.transpose(n, 0)
    t = a.transpose(1.0, 0)
    u = np.transpose(n)
    w = a.shape.transpose()

# CHECK: {{^}}{{.*}}fail_transpose.py:10:9: error: invalid argument to transpose(): axes don't match array [InvalidArgument]{{$}}
# CHECK-NEXT: {{^}}    p = a.transpose(1, 0, 2){{$}}
# CHECK-NEXT: {{^}}        ^~~~~~~~~~~~~~~~~~~~{{$}}
# CHECK: {{^}}{{.*}}fail_transpose.py:11:9: error: invalid argument to transpose(): axis 2 is out of bounds for array of dimension 2 [InvalidArgument]{{$}}
# CHECK: {{^}}{{.*}}fail_transpose.py:12:9: error: invalid argument to transpose(): repeated axis in transpose [InvalidArgument]{{$}}
# CHECK: {{^}}{{.*}}fail_transpose.py:13:21: error: the axes of transpose() must be a compile-time constant [NotConstant]{{$}}
# CHECK-NEXT: {{^}}    s = a.transpose(n, 0){{$}}
# CHECK-NEXT: {{^}}                    ^{{$}}
# CHECK: {{^}}{{.*}}fail_transpose.py:14:21: error: invalid argument to transpose(): an axis must be an integer, not 'float64' [InvalidArgument]{{$}}
# CHECK: {{^}}{{.*}}fail_transpose.py:15:22: error: invalid argument to numpy.transpose: expected an array, not 'int64' [InvalidArgument]{{$}}
# CHECK: {{^}}{{.*}}fail_transpose.py:16:17: error: 'UniTuple(int64 x 2)' has no attribute 'transpose' [UnknownAttribute]{{$}}
