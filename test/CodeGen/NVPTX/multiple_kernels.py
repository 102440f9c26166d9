# Several kernels in one file, each its own .entry; a kernel with two
# signatures gives two entries with mangled names.
# RUN: %pykc %s --sig 'first(float32[:])' --sig 'second(float32[:])' --sig 'second(int32[:])' -o - | FileCheck %s
# RUN: %if ptxas %{ %pykc %s --sig 'first(float32[:])' --sig 'second(float32[:])' --sig 'second(int32[:])' -o %t.ptx && %ptxas -arch=sm_75 %t.ptx -o /dev/null && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
from numba import cuda


@cuda.jit
def first(a):
    a[0] = 1


@cuda.jit
def second(a):
    a[1] = 2

# CHECK-LABEL: .visible .entry first(
# CHECK: ret;
# CHECK-LABEL: .visible .entry second__float32_1dA(
# CHECK: st.global.u32
# CHECK: ret;
# CHECK-LABEL: .visible .entry second__int32_1dA(
# CHECK: mov.b32 {{%r[0-9]+}}, 2;
# CHECK: ret;
