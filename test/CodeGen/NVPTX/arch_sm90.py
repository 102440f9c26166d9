# --arch sm_90 sets the PTX .target (and a PTX ISA version that has it).
# RUN: %pykc %s --sig 'k(float32[:])' --arch sm_90 -o - | FileCheck %s
# RUN: %pykc %s --sig 'k(float32[:])' -o - | FileCheck %s --check-prefix=DEFAULT
# RUN: %if ptxas %{ %pykc %s --sig 'k(float32[:])' --arch sm_90 -o %t.ptx && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
from numba import cuda


@cuda.jit
def k(a):
    a[cuda.grid(1)] = 1

# CHECK: .target sm_90{{$}}
# CHECK: .visible .entry k(
# DEFAULT: .target sm_75{{$}}
