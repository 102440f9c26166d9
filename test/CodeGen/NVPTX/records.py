# Records on the GPU: a field is a load or store at its offset with the
# alignment the layout guarantees (a packed record of odd size gets byte
# stores, which every GPU takes), and a whole-record copy is wide loads
# and stores of its bytes.
# RUN: %pykc %s -o - | FileCheck %s
# RUN: %if ptxas %{ %pykc %s -o %t.ptx && %ptxas -arch=sm_75 %t.ptx -o /dev/null %}
import numpy as np
from numba import cuda

rec = np.dtype([('a', np.float64), ('b', np.int32)], align=True)
packed = np.dtype([('x', np.float32), ('t', np.uint8)])


@cuda.jit('void(rec[::1], packed[::1])')
def k(r, p):
    i = cuda.grid(1)
    r[i].b = r[i].a
    r[i + 1] = r[i]
    p[i].x = 2

# CHECK-LABEL: .visible .entry k(
# CHECK: ld.global.f64 [[A:%fd[0-9]+]], [[[R:%rd[0-9]+]]];
# CHECK: st.global.u32 [[[R]]+8],
# CHECK: ld.global.u64 [[W0:%rd[0-9]+]], [[[R]]];
# CHECK-NEXT: st.global.u64 [[[R]]+16], [[W0]];
# CHECK-NEXT: ld.global.u64 [[W1:%rd[0-9]+]], [[[R]]+8];
# CHECK-NEXT: st.global.u64 [[[R]]+24], [[W1]];
# CHECK: st.global.u8 [[[P:%rd[0-9]+]]+3],
# CHECK: st.global.u8 [[[P]]+2],
# CHECK-NEXT: st.global.u8 [[[P]]+1],
# CHECK-NEXT: st.global.u8 [[[P]]],
