# A kernel with two or more arrays runs its fast copy of the thread loops
# (SYM__cpu_blocks, CPUThreadLoop.h) only when no two arrays share a byte,
# checked once per call from their data, extents and strides, and there
# calls the kernel with its arrays noalias for the whole launch: the loop
# vectorizer then compares no addresses (no vector.memcheck) for each row
# of threads. Arrays that overlap, and arrays strided in their last axis,
# take the other copy, which stays scalar: no vectorization, unrolling or
# interleaving there.
# RUN: %pykc %s --sig 'ring(float32[:, ::1], float32[:, ::1])' --sig 'shift(float32[:], float32[:])' --sig 'one(float32[:, ::1])' --emit=cpu-llvm --host-cpu x86-64-v3 -o - | FileCheck %s
from numba import cuda


@cuda.jit
def ring(src, dst):
    col, row = cuda.grid(2)
    if 0 < row < src.shape[0] - 1 and 0 < col < src.shape[1] - 1:
        dst[row, col] = 0.25 * (src[row - 1, col] + src[row + 1, col] +
                                src[row, col - 1] + src[row, col + 1])


@cuda.jit
def shift(a, b):
    i = cuda.grid(1)
    if i < a.size - 1:
        b[i] = a[i + 1]


@cuda.jit
def one(m):
    col, row = cuda.grid(2)
    if row < m.shape[0] and col < m.shape[1]:
        m[row, col] = m[row, col] + 1

# CHECK-LABEL: define void @ring__cpu_blocks(
# CHECK-SAME: #[[RING:[0-9]+]]
# CHECK: ptrtoint ptr %src.data to i64
# CHECK: ptrtoint ptr %dst.data to i64
# CHECK: br i1 %{{.*}}, label %contiguous, label %strided
# CHECK-NOT: memcheck
# CHECK-NOT: noalias.scope.decl
# CHECK: {{^}}vector.body{{[0-9]*}}:
# CHECK-NOT: memcheck
# CHECK-NOT: noalias.scope.decl
# CHECK-LABEL: define void @ring__cpu(

# Strided or overlapping: a second copy, and the fast one needs both.
# CHECK-LABEL: define void @shift__cpu_blocks(
# CHECK-DAG: icmp eq i64 %a.stride0, 4
# CHECK-DAG: icmp eq i64 %b.stride0, 4
# CHECK-DAG: ptrtoint ptr %a.data to i64
# CHECK-DAG: ptrtoint ptr %b.data to i64
# CHECK-NOT: memcheck
# CHECK: {{^}}vector.body{{[0-9]*}}:
# CHECK-NOT: memcheck
# CHECK-NOT: {{^}}vector.body{{[0-9]*}}:
# CHECK-LABEL: define void @shift__cpu(

# One C-layout array: one copy, nothing to check.
# CHECK-LABEL: define void @one__cpu_blocks(
# CHECK-NOT: ptrtoint
# CHECK-NOT: strided
# CHECK: {{^}}vector.body{{[0-9]*}}:
# CHECK-LABEL: define void @one__cpu(

# CHECK: attributes #[[RING]] = { {{.*}}"pykc-disjoint-arrays"="ring.disjoint.gridrow"
