# cuda.blockDim (like threadIdx, blockIdx and gridDim) has the attributes x, y
# and z, in lower case; 'X' is a typo, not a feature pykc lacks.
# RUN: not %pykc %s --sig 'k(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit
def k(a):
    i = cuda.blockIdx.x * cuda.blockDim.X + cuda.threadIdx.x
    if i < a.size:
        a[i] = 0

# CHECK: {{^}}{{.*}}fail_unknown_attribute_dim3.py:9:41: error: 'cuda.blockDim' has no attribute 'X'; did you mean 'x'? [UnknownAttribute]{{$}}
# CHECK-NEXT: {{^}}    i = cuda.blockIdx.x * cuda.blockDim.X + cuda.threadIdx.x{{$}}
# CHECK-NEXT: {{^}}                                        ^{{$}}
