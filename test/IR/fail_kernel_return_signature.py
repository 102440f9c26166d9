# A kernel whose signature declares a return type: the same note as for a
# 'return' with a value, at the signature.
# RUN: not %pykc %s -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
from numba import cuda


@cuda.jit("float32(float32[:])")
def k(a):
    a[0] = 1

# CHECK: {{^}}{{.*}}fail_kernel_return_signature.py:7:12: error: kernel 'k' must return void, not 'float32' [KernelReturnType]{{$}}
# CHECK-NEXT: {{^}}@cuda.jit("float32(float32[:])"){{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_kernel_return_signature.py:7:12: note: a launch returns nothing: give the kernel an output array and write the result to it, e.g. 'out[0] = ...' [NoteKernelOutput]{{$}}
# CHECK-NEXT: {{^}}@cuda.jit("float32(float32[:])"){{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~~~~~~~~~~~~~{{$}}
