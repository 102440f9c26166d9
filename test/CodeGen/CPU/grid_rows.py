# A kernel that finds its x only as cuda.grid()'s (or spelled out, as
# threadIdx.x + blockIdx.x * blockDim.x) runs the x threads of a grid row of
# blocks as one loop, `.gridx`, instead of a loop per block, `.threadx`
# (codegen/CPUGridFusion.h): a 2-d stencil's rows are then as long as the
# array's, split at the kernel's guard and vectorized whole. The rare copy
# of the loops (strided or overlapping arrays) keeps its loops per block.
# RUN: %pykc %s --sig 'stencil(float32[:, ::1], float32[:, ::1])' --sig 'spelled(float32[:])' --sig 'halves(int64[::1], int64[::1])' --emit=cpu-llvm --host-cpu x86-64-v4 -o - | FileCheck %s
# RUN: %pykc %s --sig 'stencil(float32[:, ::1], float32[:, ::1])' --emit=cpu-llvm -o - | FileCheck %s --check-prefix=STRIDED
# Kernels that read the thread's x on its own, or whose threads could see
# the order they run in (an atomic, a print), keep a loop per block.
# RUN: %pykc %s --sig 'by_lane(float32[:])' --sig 'counts(int32[:], int32[:])' --sig 'shows(float32[:])' --emit=cpu-llvm -o - | FileCheck %s --check-prefix=BLOCKS
from numba import cuda


@cuda.jit
def stencil(src, dst):
    col, row = cuda.grid(2)
    if 0 < row < src.shape[0] - 1 and 0 < col < src.shape[1] - 1:
        dst[row, col] = 0.25 * (src[row - 1, col] + src[row + 1, col] +
                                src[row, col - 1] + src[row, col + 1])


@cuda.jit
def spelled(a):
    i = cuda.blockIdx.x * cuda.blockDim.x + cuda.threadIdx.x
    if i < a.size:
        a[i] += 1


@cuda.jit(device=True)
def average(a, b):
    return (a + b) // 2


@cuda.jit
def halves(a, out):
    # A device function and Python's `//` (a function of its own in the IR)
    # are inlined into the row loop's copy of the kernel.
    i = cuda.grid(1)
    if i < out.size:
        out[i] = average(a[i], i)


@cuda.jit
def by_lane(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = cuda.threadIdx.x


@cuda.jit
def counts(keys, histogram):
    i = cuda.grid(1)
    if i < keys.size:
        cuda.atomic.add(histogram, keys[i], 1)


@cuda.jit
def shows(a):
    i = cuda.grid(1)
    if i < a.size:
        print(i, a[i])

# CHECK-LABEL: define void @stencil__cpu_blocks(
# CHECK-NOT: contiguous.threadx
# CHECK: contiguous.gridx{{.*}}:
# CHECK-NOT: masked
# CHECK: vector.body{{[0-9]*}}:
# CHECK-NOT: masked
# CHECK: load <8 x float>
# CHECK-NOT: {{masked|contiguous.threadx}}
# CHECK-LABEL: define void @stencil__cpu(

# STRIDED-LABEL: define void @stencil__cpu_blocks(
# STRIDED: {{^}}strided.threadx{{.*}}:
# STRIDED-LABEL: define void @stencil__cpu(

# CHECK-LABEL: define void @spelled__cpu_blocks(
# CHECK-NOT: threadx
# CHECK: {{all|contiguous}}.gridx{{.*}}:
# CHECK: vector.body{{[0-9]*}}:
# CHECK-NOT: masked
# CHECK: fadd <8 x float>
# CHECK-LABEL: define void @spelled__cpu(

# CHECK-LABEL: define void @halves__cpu_blocks(
# CHECK-NOT: contiguous.threadx
# CHECK: contiguous.gridx{{.*}}:
# CHECK-NOT: contiguous.threadx
# CHECK-LABEL: define void @halves__cpu(

# BLOCKS-LABEL: define void @by_lane__cpu_blocks(
# BLOCKS-NOT: gridx
# BLOCKS: threadx
# BLOCKS-NOT: gridx
# BLOCKS-LABEL: define void @by_lane__cpu(
# BLOCKS-LABEL: define void @counts__cpu_blocks(
# BLOCKS-NOT: gridx
# BLOCKS: threadx
# BLOCKS-NOT: gridx
# BLOCKS-LABEL: define void @counts__cpu(
# BLOCKS-LABEL: define void @shows__cpu_blocks(
# BLOCKS-NOT: gridx
# BLOCKS: threadx
# BLOCKS-NOT: gridx
# BLOCKS-LABEL: define void @shows__cpu(
