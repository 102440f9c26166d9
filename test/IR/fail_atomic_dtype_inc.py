# Each cuda.atomic operation takes Numba's dtypes for it: inc and dec only
# unsigned integers, the bitwise ones only integers.
# RUN: not %pykc %s --sig 'k(int32[:], float64[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error:
from numba import cuda


@cuda.jit
def k(a, f):
    cuda.atomic.inc(a, 0, 5)
    cuda.atomic.xor(f, 0, 1)

# CHECK: {{^}}{{.*}}fail_atomic_dtype_inc.py:9:21: error: cuda.atomic.inc() does not support arrays of 'int32'; the dtype must be uint32 or uint64 [AtomicDtype]{{$}}
# CHECK: {{^}}{{.*}}fail_atomic_dtype_inc.py:10:21: error: cuda.atomic.xor() does not support arrays of 'float64'; the dtype must be int32, uint32, int64 or uint64 [AtomicDtype]{{$}}
