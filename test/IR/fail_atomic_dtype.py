# cuda.atomic.add on an array whose dtype Numba has no atomics for (int8,
# bool): the error points at the array argument.
# RUN: not %pykc %s --sig 'k(int8[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning: --check-prefix=INT8
# RUN: not %pykc %s --sig 'k(bool[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning: --check-prefix=BOOL
from numba import cuda


@cuda.jit
def k(a):
    cuda.atomic.add(a, 0, 1)

# INT8: {{^}}{{.*}}fail_atomic_dtype.py:10:21: error: cuda.atomic.add() does not support arrays of 'int8'; the dtype must be int32, uint32, int64, uint64, float32 or float64 [AtomicDtype]{{$}}
# INT8-NEXT: {{^}}    cuda.atomic.add(a, 0, 1){{$}}
# INT8-NEXT: {{^}}                    ^{{$}}
# BOOL: {{^}}{{.*}}fail_atomic_dtype.py:10:21: error: cuda.atomic.add() does not support arrays of 'bool'; the dtype must be int32, uint32, int64, uint64, float32 or float64 [AtomicDtype]{{$}}
# BOOL-NEXT: {{^}}    cuda.atomic.add(a, 0, 1){{$}}
# BOOL-NEXT: {{^}}                    ^{{$}}
