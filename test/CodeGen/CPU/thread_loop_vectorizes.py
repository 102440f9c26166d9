# The CPU backend runs a block's threads as loops (SYM__cpu_blocks,
# CpuABI.h) that LLVM's loop vectorizer turns into SIMD over threads: the
# indices are induction variables, the negative-index wraparound folds away
# (thread and block indices have CUDA's ranges), and arrays of any layout
# get a second copy of the loops for when their last axis is contiguous.
# The x thread loop is split at the kernel's `if i < n:` guard (inductive
# range check elimination), so the vector loop has plain loads and stores:
# no selects, no masked loads (which on x86 defeat the hardware prefetcher).
# RUN: %pykc %s --sig 'increment(float32[:])' --sig 'saxpy(float32, float32[:], float32[:])' --sig 'rows(float64[:, :])' --sig 'c_layout(int32[::1])' --emit=cpu-llvm --host-cpu x86-64-v4 -o - | FileCheck %s
# A stencil's two-sided 2-d guard (`0 < col` reaches IRCE as `col != 0`,
# which pykc rewrites to a lower bound IRCE reads): no masked operation is
# left in the thread loops.
# RUN: %pykc %s --sig 'ring(float32[:, ::1], float32[:, ::1])' --emit=cpu-llvm --host-cpu x86-64-v4 -o - 2>&1 | FileCheck %s --check-prefix=RING
# Without AVX's masked operations the split loop vectorizes all the same.
# RUN: %pykc %s --sig 'increment(float32[:])' --emit=cpu-llvm -o - | FileCheck %s --check-prefix=BASE
from numba import cuda


@cuda.jit
def increment(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] += 1


@cuda.jit
def saxpy(s, x, y):
    i = cuda.grid(1)
    if i < y.size:
        y[i] = s * x[i] + y[i]


@cuda.jit
def rows(m):
    col, row = cuda.grid(2)
    if row < m.shape[0] and col < m.shape[1]:
        m[row, col] = m[row, col] * 2.0


@cuda.jit
def c_layout(a):
    i = cuda.grid(1)
    if i < a.shape[0]:
        a[i] = i


@cuda.jit
def ring(src, dst):
    col, row = cuda.grid(2)
    if 0 < row < src.shape[0] - 1 and 0 < col < src.shape[1] - 1:
        dst[row, col] = 0.25 * (src[row - 1, col] + src[row + 1, col] +
                                src[row, col - 1] + src[row, col + 1])

# CHECK-LABEL: define void @increment__cpu_blocks(ptr {{.*}}, ptr {{.*}}, i64 {{.*}}, i64 {{.*}})
# CHECK: icmp eq i64 %a.stride0, 4
# CHECK: vector.body:
# CHECK-NOT: {{select|masked|^[a-z.0-9]+:}}
# CHECK: load <8 x float>
# CHECK-NOT: {{select|masked|^[a-z.0-9]+:}}
# CHECK: fadd <8 x float>
# CHECK-NOT: {{select|masked|^[a-z.0-9]+:}}
# CHECK: store <8 x float>
# CHECK-NOT: {{select|masked|^[a-z.0-9]+:}}
# CHECK: middle.block:
# CHECK-LABEL: define void @increment__cpu(

# The contiguity test covers both arrays; the multiply-add is fused as on the GPU.
# CHECK-LABEL: define void @saxpy__cpu_blocks(
# CHECK-DAG: icmp eq i64 %x.stride0, 4
# CHECK-DAG: icmp eq i64 %y.stride0, 4
# CHECK: vector.body:
# CHECK-NOT: {{select|masked|^[a-z.0-9]+:}}
# CHECK: @llvm.fma.v8f32
# CHECK-NOT: {{select|masked|^[a-z.0-9]+:}}
# CHECK: store <8 x float>
# CHECK-NOT: {{select|masked|^[a-z.0-9]+:}}
# CHECK: middle.block:
# CHECK-LABEL: define void @saxpy__cpu(

# Only the last axis needs to be contiguous: the row's stride stays a
# variable.
# CHECK-LABEL: define void @rows__cpu_blocks(
# CHECK: icmp eq i64 %m.stride1, 8
# CHECK: vector.body:
# CHECK-NOT: {{select|masked|^[a-z.0-9]+:}}
# CHECK: fmul <4 x double>
# CHECK-NOT: {{select|masked|^[a-z.0-9]+:}}
# CHECK: store <4 x double>
# CHECK-NOT: {{select|masked|^[a-z.0-9]+:}}
# CHECK: middle.block:
# CHECK-LABEL: define void @rows__cpu(

# A C-layout array needs no second copy.
# CHECK-LABEL: define void @c_layout__cpu_blocks(
# CHECK-NOT: stride
# CHECK: vector.body:
# CHECK-NOT: {{select|masked|^[a-z.0-9]+:}}
# CHECK: store <8 x i32>
# CHECK-NOT: {{select|masked|^[a-z.0-9]+:}}
# CHECK: middle.block:
# CHECK-LABEL: define void @c_layout__cpu(

# BASE-LABEL: define void @increment__cpu_blocks(
# BASE: vector.body:
# BASE-NOT: {{select|^[a-z.0-9]+:}}
# BASE: fadd <4 x float>
# BASE-LABEL: define void @increment__cpu(

# RING-LABEL: define void @ring__cpu_blocks(
# RING-NOT: masked
# RING: vector.body{{[0-9]*}}:
# RING-NOT: masked
# RING: load <8 x float>
# RING-NOT: masked
# RING-LABEL: define void @ring__cpu(
