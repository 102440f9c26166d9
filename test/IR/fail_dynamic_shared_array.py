# In Numba a 1-dimensional shared array of size 0 is dynamic shared memory,
# sized by the launch's fourth argument. pykc does not compile it yet, and
# says so rather than calling the shape invalid.
# RUN: not %pykc %s --sig 'k(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda, float32


@cuda.jit
def k(a):
    buf = cuda.shared.array(0, dtype=float32)
    i = cuda.threadIdx.x
    buf[i] = a[i]
    cuda.syncthreads()
    a[i] = buf[cuda.blockDim.x - 1 - i]

# CHECK: {{^}}{{.*}}fail_dynamic_shared_array.py:10:29: error: dynamic shared memory (cuda.shared.array of shape 0, sized at launch) is not supported in a kernel [UnsupportedSyntax]{{$}}
# CHECK-NEXT: {{^}}    buf = cuda.shared.array(0, dtype=float32){{$}}
# CHECK-NEXT: {{^}}                            ^{{$}}
