# A kernel must return void; the caret is on the returned value, and a note
# says where a result goes instead.
# RUN: not %pykc %s --sig 'k(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
from numba import cuda


@cuda.jit
def k(a):
    a[0] = 1
    return a[0]

# CHECK: {{^}}{{.*}}fail_kernel_return_value.py:10:12: error: kernel 'k' must return void, not 'float32' [KernelReturnType]{{$}}
# CHECK-NEXT: {{^}}    return a[0]{{$}}
# CHECK-NEXT: {{^}}           ^~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_kernel_return_value.py:10:12: note: a launch returns nothing: give the kernel an output array and write the result to it, e.g. 'out[0] = ...' [NoteKernelOutput]{{$}}
# CHECK-NEXT: {{^}}    return a[0]{{$}}
# CHECK-NEXT: {{^}}           ^~~~{{$}}
