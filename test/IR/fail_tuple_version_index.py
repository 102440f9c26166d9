# A tuple variable reassigned after its use keeps, at that use, the type of
# the version it holds there (Numba's SSA typing): a mixed tuple, which a
# run-time index cannot pick from. Numba-CUDA refuses this kernel too.
# RUN: not %pykc %s --sig 'k(float64[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit(device=True)
def pick(t, i):
    return t[i % 2]


@cuda.jit
def k(out):
    i = cuda.grid(1)
    x = (1, 2.5)
    out[0] = pick(x, i)
    x = (1.5, 2.5)
    out[1] = pick(x, i)

# CHECK: {{^}}{{.*}}fail_tuple_version_index.py:10:14: error: an index into a tuple of mixed types must be a compile-time constant [NotConstant]{{$}}
# CHECK-NEXT: {{^}}    return t[i % 2]{{$}}
# CHECK-NEXT: {{^}}             ^~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_tuple_version_index.py:17:14: note: while compiling 'pick' called with (Tuple(int64, float64), int64) [DeviceFunctionFailed]{{$}}
