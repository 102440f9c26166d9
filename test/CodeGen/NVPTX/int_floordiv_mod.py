# Integer // and % follow Python (floor) semantics: the result is adjusted
# when the remainder's sign differs from the divisor's.
# RUN: %pykc %s --sig 'divmod_k(int64[:], int64, int64)'  -o - | FileCheck %s
# RUN: %if ptxas %{ %pykc %s --sig 'divmod_k(int64[:], int64, int64)'  -o %t.ptx && %ptxas -arch=sm_75 %t.ptx -o /dev/null && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
from numba import cuda


@cuda.jit
def divmod_k(out, i, j):
    out[0] = i // j
    out[1] = i % j

# CHECK-LABEL: .visible .entry divmod_k(
# CHECK: div.s64
# CHECK: mul.lo.s64
# CHECK: sub.s64 [[REM:%rd[0-9]+]]
# CHECK: xor.b64 {{%rd[0-9]+}}, [[REM]],
# CHECK: setp.lt.s64
# CHECK: st.global.u64
# CHECK: st.global.u64
# CHECK: ret;
