# A module-level NumPy array is frozen into the kernel as a constant, as
# Numba freezes it: writing to it, or an atomic on it, is an error; and
# cuda.const.array_like takes such an array, nothing else.
# RUN: not %pykc %s --sig 'k(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
import numpy as np
from numba import cuda

TABLE = np.array([1.0, 2.0], dtype=np.float32)


@cuda.jit
def k(a):
    TABLE[0] = a[0]
    cuda.atomic.add(TABLE, 1, 1.0)
    c = cuda.const.array_like(a)

# CHECK: {{^}}{{.*}}fail_module_array_write.py:13:5: error: cannot assign to an element of a module-level NumPy array (Numba freezes it into the kernel as a constant) [ReadOnlyTarget]{{$}}
# CHECK-NEXT: {{^}}    TABLE[0] = a[0]{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~{{$}}
# CHECK: {{^}}{{.*}}fail_module_array_write.py:14:21: error: invalid argument to cuda.atomic.add: a module-level NumPy array is a read-only constant in a kernel [InvalidArgument]{{$}}
# CHECK: {{^}}{{.*}}fail_module_array_write.py:15:31: error: invalid argument to cuda.const.array_like: the argument must be a module-level NumPy array, not 'array(float32, 1d, A)' [InvalidArgument]{{$}}
