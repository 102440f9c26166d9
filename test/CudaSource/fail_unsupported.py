# A construct --emit=cuda cannot write yet is an error that names it and
# where it is, never wrong code; the other outputs still compile it.
# RUN: not %pykc %s --emit=cuda -o %t.cu 2>&1 | FileCheck %s --match-full-lines
# RUN: %pykc %s -o %t.ptx
from numba import cuda


@cuda.jit("void(float32[:])")
def shuffle(a):
    i = cuda.grid(1)
    a[i] = cuda.shfl_down_sync(0xffffffff, a[i], 1)

# CHECK: pykc: error: {{.*}}fail_unsupported.py:11:12: --emit=cuda cannot write cuda.shfl_down_sync() yet (--emit=ptx and -c can)
