# In Numba a 1-dimensional shared array of size 0 is dynamic shared memory,
# sized by the launch: as many elements as the launch's dynamic shared bytes
# hold, every such array starting at the same address. On the GPU it is one
# `.extern .shared` array and %dynamic_smem_size; it does not count toward
# the 48 KiB of static shared memory.
# RUN: %pykc %s --sig 'k(float32[:])' --emit=ir -o - | FileCheck %s --check-prefix=IR
# RUN: %pykc %s --sig 'k(float32[:])' -o - | FileCheck %s --check-prefix=PTX
# RUN: %if ptxas %{ %pykc %s --sig 'k(float32[:])' -o %t.ptx && %ptxas -arch=sm_75 %t.ptx -o /dev/null %}
from numba import cuda, float32, int32


@cuda.jit
def k(a):
    buf = cuda.shared.array(0, dtype=float32)
    counts = cuda.shared.array(0, int32)
    big = cuda.shared.array(12000, float32)
    i = cuda.threadIdx.x
    buf[i] = a[i]
    cuda.syncthreads()
    a[i] = buf[cuda.blockDim.x - 1 - i] + counts.size + big[0] * 0

# IR: {{^}}  buf: array(float32, 1d, C, shared) = cuda.shared.array(dynamic, float32){{$}}
# IR-NEXT: {{^}}  counts: array(int32, 1d, C, shared) = cuda.shared.array(dynamic, int32){{$}}
# IR-NEXT: {{^}}  big: array(float32, 1d, C, shared) = cuda.shared.array((12000,), float32){{$}}
# PTX: .extern .shared .align 16 .b8 pykc_dynamic_shared[];
# PTX: mov.u32 {{%r[0-9]+}}, %dynamic_smem_size;
