# The fast copy's row of threads (CPUGridFusion.h) is vectorized one vector
# at a time in a kernel over a 2-d grid, whose rows are as short as its
# arrays' (LLVM vectorizes no epilogue after IRCE's split, so interleaved
# vectors left up to 31 elements of a row to scalar code), and interleaved
# as LLVM likes in a 1-d kernel's one long row (CPUThreadLoop.cpp).
# RUN: env PYKC_CACHE=0 %pykc %s --sig 'smooth(float32[:, ::1], float32[:, ::1])' --sig 'scale(float32[::1], float32[::1])' --emit=cpu-llvm --host-cpu x86-64-v4 -o - | FileCheck %s
from numba import cuda


@cuda.jit
def smooth(src, dst):
    col, row = cuda.grid(2)
    if 0 < row < src.shape[0] - 1 and 0 < col < src.shape[1] - 1:
        dst[row, col] = 0.5 * (src[row, col - 1] + src[row, col + 1])


@cuda.jit
def scale(a, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a[i] * 3

# CHECK-LABEL: define void @smooth__cpu_blocks(
# CHECK: {{^}}vector.body{{[0-9]*}}:
# CHECK: store <8 x float>
# CHECK-NOT: store <8 x float>
# CHECK: {{^}}middle.block{{[0-9]*}}:
# CHECK-LABEL: define void @smooth__cpu(

# CHECK-LABEL: define void @scale__cpu_blocks(
# CHECK: {{^}}vector.body{{[0-9]*}}:
# CHECK: store <8 x float>
# CHECK: store <8 x float>
# CHECK: {{^}}middle.block{{[0-9]*}}:
# CHECK-LABEL: define void @scale__cpu(
