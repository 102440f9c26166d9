# A thread's local memory is capped at 512 KiB on every GPU: a kernel whose
# cuda.local.arrays, its device functions' included, need more is an error
# at compile time, shown at the largest array. (400 KB is fine: see
# test/Run/local_array_barrier.test.)
# RUN: not %pykc %s -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda, float32, float64


@cuda.jit(device=True)
def scratch(a):
    buf = cuda.local.array(50000, float64)
    buf[0] = a[0]
    return buf[0]


@cuda.jit('void(float32[:])')
def k(a):
    big = cuda.local.array(100000, float32)
    big[0] = scratch(a)
    a[0] = big[0]

# CHECK: {{^}}{{.*}}fail_local_memory_limit.py:18:11: error: kernel 'k' needs 800000 bytes of cuda.local.array per thread, more than the 524288 (512 KiB) a CUDA thread can have; the largest array is allocated here: use smaller arrays, or shared or global memory [LocalMemoryLimit]{{$}}
# CHECK-NEXT: {{^}}    big = cuda.local.array(100000, float32){{$}}
# CHECK-NEXT: {{^}}          ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
