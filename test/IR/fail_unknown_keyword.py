# cuda.shared.array's parameters are 'shape' and 'dtype'; 'type' is not one
# of them.
# RUN: not %pykc %s --sig 'k(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda, float32


@cuda.jit
def k(a):
    tile = cuda.shared.array(shape=32, type=float32)
    i = cuda.threadIdx.x
    tile[i] = a[i]
    cuda.syncthreads()
    a[i] = tile[31 - i]

# CHECK: {{^}}{{.*}}fail_unknown_keyword.py:9:40: error: cuda.shared.array() got an unexpected keyword argument 'type' [UnknownKeyword]{{$}}
# CHECK-NEXT: {{^}}    tile = cuda.shared.array(shape=32, type=float32){{$}}
# CHECK-NEXT: {{^}}                                       ^~~~{{$}}
