# cuda.blockDim is the block's shape, not a number: the index needs
# cuda.blockDim.x.
# RUN: not %pykc %s --sig 'k(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit
def k(a):
    i = cuda.blockIdx.x * cuda.blockDim + cuda.threadIdx.x
    a[i] = 0

# CHECK: {{^}}{{.*}}fail_not_a_value.py:9:27: error: 'cuda.blockDim' is not a value that a kernel can use; did you mean 'cuda.blockDim.x'? [NotAValue]{{$}}
# CHECK-NEXT: {{^}}    i = cuda.blockIdx.x * cuda.blockDim + cuda.threadIdx.x{{$}}
# CHECK-NEXT: {{^}}                          ^~~~~~~~~~~~~{{$}}
