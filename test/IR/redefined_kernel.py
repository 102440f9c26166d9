# A kernel defined twice (as a notebook cell run twice leaves it) is the
# last definition, as in Python; a warning says so. Compiling both used to
# give two kernels one symbol (an internal error in pykc -c).
# RUN: %pykc %s --sig 'k(float32[:])' --emit=ir -o - 2>%t.err | FileCheck %s
# RUN: FileCheck %s --check-prefix=WARN --input-file %t.err --implicit-check-not=warning:
# RUN: %pykc %s --sig 'k(float32[:])' -c -o %t.o --no-sass 2>/dev/null
from numba import cuda


@cuda.jit
def k(a):
    a[0] = 1


@cuda.jit
def k(a):
    a[0] = 2

# CHECK: {{^}}kernel k(a: array(float32, 1d, A)) -> none  # symbol k{{$}}
# CHECK-NEXT: {{^}}  a[0] = float32(2){{$}}
# CHECK-NOT: kernel
# WARN: redefined_kernel.py:16:5: warning: 'k' is defined again; the definition on line 11 is ignored, as Python replaces it [RedefinedFunction]
