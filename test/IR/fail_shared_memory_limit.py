# A block's static shared memory is capped at 48 KiB on every GPU: a kernel
# whose shared arrays, its device functions' included, add up to more is an
# error at compile time (ptxas would reject the PTX; the CPU backend would
# allocate it for every block), shown at the largest array. Exactly 48 KiB
# is fine.
# RUN: not %pykc %s -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda, float32, float64


@cuda.jit(device=True)
def stage(a):
    buf = cuda.shared.array(5000, float64)
    buf[0] = a[0]
    return buf[0]


@cuda.jit('void(float32[:])')
def k(a):
    tile = cuda.shared.array((64, 64), float32)
    tile[0, 0] = stage(a)
    a[0] = tile[0, 0]


@cuda.jit('void(float64[:])')
def fits(a):
    tile = cuda.shared.array((64, 96), float64)
    tile[0, 0] = a[0]
    a[0] = tile[0, 0]

# CHECK: {{^}}{{.*}}fail_shared_memory_limit.py:12:11: error: kernel 'k' needs 56384 bytes of static shared memory, more than the 49152 (48 KiB) a CUDA block can have; the largest array is allocated here: use smaller arrays [SharedMemoryLimit]{{$}}
# CHECK-NEXT: {{^}}    buf = cuda.shared.array(5000, float64){{$}}
# CHECK-NEXT: {{^}}          ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
