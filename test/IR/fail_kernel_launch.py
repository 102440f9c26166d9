# Launching a kernel from a kernel (dynamic parallelism) is a call to a kernel
# too, reported as such rather than as indexing a function.
# RUN: not %pykc %s --sig 'fill(float32[:])' --sig 'k(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit
def fill(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = 0


@cuda.jit
def k(a):
    if cuda.grid(1) == 0:
        fill[1, 32](a)

# CHECK: {{^}}{{.*}}fail_kernel_launch.py:17:9: error: 'fill' is a kernel; only device functions (@cuda.jit(device=True)) can be called from a kernel [KernelCall]{{$}}
# CHECK-NEXT: {{^}}        fill[1, 32](a){{$}}
# CHECK-NEXT: {{^}}        ^~~~~~~~~~~{{$}}
