# cuda.atomic.sub/max/min: integers map to atom.add (of the negated value),
# atom.max/atom.min (.s for signed, .u for unsigned); float sub and Numba's
# NaN-preserving float max/min are compare-and-swap loops.
# RUN: %pykc %s --sig 'ops(int32[:], uint64[:], float32[:], float64[:])' -o - | FileCheck %s
# RUN: %if ptxas %{ %pykc %s --sig 'ops(int32[:], uint64[:], float32[:], float64[:])' -o %t.ptx && %ptxas -arch=sm_75 %t.ptx -o /dev/null && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
from numba import cuda


@cuda.jit
def ops(i, u, f, d):
    t = cuda.threadIdx.x
    cuda.atomic.max(i, 0, t)
    cuda.atomic.min(u, 1, t)
    cuda.atomic.sub(i, 2, 5)
    cuda.atomic.max(f, 3, t)
    cuda.atomic.min(d, 4, t)

# CHECK-LABEL: .visible .entry ops(
# CHECK: atom.global.max.s32
# CHECK: atom.global.min.u64
# CHECK: neg.s32
# CHECK: atom.global.add.u32
# The loop leaves when the element is not less (max) or not greater (min)
# than the value, or either is a NaN: an unordered comparison.
# CHECK: [[FLOOP:\$L__BB[0-9_]+]]:{{[[:space:]]+}}setp.geu.f32
# CHECK: atom.global.cas.b32
# CHECK: bra{{(.uni)?}} [[FLOOP]];
# CHECK: [[DLOOP:\$L__BB[0-9_]+]]:{{[[:space:]]+}}setp.leu.f64
# CHECK: atom.global.cas.b64
# CHECK: bra{{(.uni)?}} [[DLOOP]];
# CHECK: ret;
