# A helper decorated with plain @cuda.jit is a kernel, which only the host can
# launch; a kernel calls device functions (@cuda.jit(device=True)). The helper
# has no signature of its own, so it is also reported as not compiled.
# RUN: not %pykc %s --sig 'scale(float32[:], float32)' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit
def square(x):
    return x * x


@cuda.jit
def scale(a, s):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = square(a[i]) * s

# CHECK: {{^}}{{.*}}fail_kernel_call.py:9:5: warning: kernel 'square' has no signature and is not compiled [MissingSignature]{{$}}
# CHECK-NEXT: {{^}}def square(x):{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_kernel_call.py:9:5: note: add --sig 'square(int64)' (any array and scalar types; this one is a guess from how the kernel uses its parameters) [NoteAddSignature]{{$}}
# CHECK-NEXT: {{^}}def square(x):{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_kernel_call.py:17:16: error: 'square' is a kernel; only device functions (@cuda.jit(device=True)) can be called from a kernel [KernelCall]{{$}}
# CHECK-NEXT: {{^}}        a[i] = square(a[i]) * s{{$}}
# CHECK-NEXT: {{^}}               ^~~~~~{{$}}
