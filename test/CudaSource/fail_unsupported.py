# A construct --emit=cuda cannot write yet is an error that names it and
# where it is, never wrong code; the other outputs still compile it.
# RUN: not %pykc %s --emit=cuda -o %t.cu 2>&1 | FileCheck %s --match-full-lines
# RUN: %pykc %s -o %t.ptx
from numba import cuda


@cuda.jit("void(float16[:])")
def double_it(a):
    i = cuda.grid(1)
    a[i] = a[i] + a[i]

# CHECK: {{.*}}fail_unsupported.py:9:1: error: --emit=cuda cannot write float16 values yet (--emit=ptx and -c can) [CudaSourceUnsupported]
# CHECK-NEXT: def double_it(a):
# CHECK-NEXT: ^~~~~~~~~~~~~~~~~
