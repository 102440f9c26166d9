# cuda.threadIdx, blockIdx, blockDim and gridDim are triples: used as one
# number, the error suggests the x component.
# RUN: not %pykc %s --sig 'k(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
from numba import cuda


@cuda.jit
def k(a):
    i = cuda.threadIdx
    a[cuda.gridDim] = 0

# CHECK: {{^}}{{.*}}fail_register_used_whole.py:9:9: error: 'cuda.threadIdx' is not a value that a kernel can use; did you mean 'cuda.threadIdx.x'? [NotAValue]{{$}}
# CHECK-NEXT: {{^}}    i = cuda.threadIdx{{$}}
# CHECK-NEXT: {{^}}        ^~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_register_used_whole.py:10:7: error: 'cuda.gridDim' is not a value that a kernel can use; did you mean 'cuda.gridDim.x'? [NotAValue]{{$}}
# CHECK-NEXT: {{^}}    a[cuda.gridDim] = 0{{$}}
# CHECK-NEXT: {{^}}      ^~~~~~~~~~~~{{$}}
