# A bounds-checked access (--boundscheck, and --check, which implies it)
# branches on the `and` of its axes' in-range tests, `index < extent`, to the
# in-range block first: the form IRCE reads as range checks. A loop over an
# axis (here the grid row of a stencil) is then split into a main part
# without that axis's checks, which vectorizes as the unchecked one does;
# the report stays on the pre- and post-loops' error path.
# RUN: %pykc %s --sig 'stencil(float32[:, ::1], float32[:, ::1])' --boundscheck --emit=cpu-llvm --host-cpu x86-64-v4 -o - | FileCheck %s
# The report still names the first bad axis and the index as written.
# RUN: %python %S/../../Run/Inputs/npy.py fill %t.src.npy float32 8,8 arange
# RUN: %python %S/../../Run/Inputs/npy.py fill %t.dst.npy float32 8,8 0
# RUN: not %pykc run %s past_the_row --grid 1,1 --block 8,8 --boundscheck --backend cpu %t.src.npy %t.dst.npy 2>&1 | FileCheck %s --check-prefix=REPORT
from numba import cuda


@cuda.jit
def stencil(src, dst):
    col, row = cuda.grid(2)
    if 0 < row < src.shape[0] - 1 and 0 < col < src.shape[1] - 1:
        dst[row, col] = 0.25 * (src[row - 1, col] + src[row + 1, col] +
                                src[row, col - 1] + src[row, col + 1])


@cuda.jit
def past_the_row(src, dst):
    col, row = cuda.grid(2)
    if row < src.shape[0] and col < src.shape[1]:
        dst[row, col] = src[row, col + 1]


# CHECK-LABEL: define void @stencil__cpu_blocks(
# CHECK: br i1 %{{.*}}, label %bounds.ok{{.*}}, label %bounds.error{{.*}}, !prof
# CHECK: vector.body{{[0-9]*}}:
# CHECK-NOT: {{bounds.error|masked|pykc_cpu_bounds_error}}
# CHECK: load <8 x float>
# CHECK-NOT: {{bounds.error|masked|pykc_cpu_bounds_error}}
# CHECK: middle.block{{[0-9]*}}:

# REPORT: pykc: error: kernel 'past_the_row' at {{.*}}bounds_checks_leave_loops.py:27:25: index 8 is out of bounds for axis 1 with size 8 in thread (7, 0, 0) of block (0, 0, 0); that access was not made (--boundscheck)
