# match_any_sync and match_all_sync are match.sync (sm_70 and later), 32 or
# 64 bits wide by the value's type; floats are compared as their bits.
# RUN: %pykc %s -o - | FileCheck %s
# RUN: %if ptxas %{ %pykc %s -o %t.ptx && %ptxas -arch=sm_75 %t.ptx -o /dev/null && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
from numba import cuda


@cuda.jit("void(int32[:], float64[:], int32[:])")
def k(a, b, out):
    i = cuda.grid(1)
    out[i] = cuda.match_any_sync(0xffffffff, a[i])
    m, same = cuda.match_all_sync(0xffffffff, b[i])
    if same:
        out[i] += m

# CHECK-LABEL: .visible .entry k(
# CHECK: match.any.sync.b32
# CHECK: match.all.sync.b64 %r{{[0-9]+}}|%p{{[0-9]+}}, %rd{{[0-9]+}}, -1;
