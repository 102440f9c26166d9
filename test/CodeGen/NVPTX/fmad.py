# Fused multiply-adds are pykc's decision, made where an expression writes
# `a * b + c`, `c + a * b`, `a * b - c` or `c - a * b` (--fmad=true, the
# default, as nvcc and Numba): each becomes one fma.rn, rounded once.
# Everything else is rounded on its own: the PTX spells every other add and
# multiply with .rn, so ptxas does not fuse them either, and a product
# stored in a variable first is not fused.
# RUN: %pykc %s --sig 'fmad(float32[:], float64[:])' -o - | FileCheck %s
# RUN: %pykc %s --sig 'fmad(float32[:], float64[:])' --fmad=false -o - | FileCheck %s --check-prefix=ROUNDED
# RUN: not %pykc %s --fmad=yes 2>&1 | FileCheck %s --check-prefix=BAD
# RUN: %if ptxas %{ %pykc %s --sig 'fmad(float32[:], float64[:])' -o %t.ptx && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
from numba import cuda


@cuda.jit
def fmad(a, d):
    a[0] = a[1] * a[2] + a[3]
    a[4] = a[5] - a[6] * a[7]
    d[0] = d[1] * d[2] - d[3]
    t = a[8] * a[9]
    a[10] = t + a[11]

# CHECK-LABEL: .visible .entry fmad(
# CHECK: fma.rn.f32 {{%f[0-9]+}}, {{%f[0-9]+}}, {{%f[0-9]+}}, {{%f[0-9]+}};
# CHECK: neg.f32 [[NEG:%f[0-9]+]],
# CHECK: fma.rn.f32 {{%f[0-9]+}}, [[NEG]], {{%f[0-9]+}}, {{%f[0-9]+}};
# CHECK: neg.f64 [[NEGD:%fd[0-9]+]],
# CHECK: fma.rn.f64 {{%fd[0-9]+}}, {{%fd[0-9]+}}, {{%fd[0-9]+}}, [[NEGD]];
# CHECK: mul.rn.f32 [[T:%f[0-9]+]],
# CHECK: add.rn.f32 {{%f[0-9]+}}, [[T]],
# CHECK: ret;

# --fmad=false: every operation rounded on its own, as Numba's simulator.
# ROUNDED-LABEL: .visible .entry fmad(
# ROUNDED-NOT: {{^[[:space:]]*}}fma.
# ROUNDED: mul.rn.f32
# ROUNDED-NOT: {{^[[:space:]]*}}fma.
# ROUNDED: ret;
# BAD: pykc: error: invalid --fmad 'yes' (expected true or false)
