# --arch sm_90a: the architecture-specific target, accepted by ptxas for
# sm_90a.
# RUN: %pykc %s --sig 'k(float32[:])' --arch sm_90a -o - | FileCheck %s
# RUN: %if ptxas %{ %pykc %s --sig 'k(float32[:])' --arch sm_90a -o %t.ptx && %ptxas -arch=sm_90a %t.ptx -o /dev/null %}
from numba import cuda


@cuda.jit
def k(a):
    a[cuda.grid(1)] = 1

# CHECK: .target sm_90a{{$}}
# CHECK: .visible .entry k(
