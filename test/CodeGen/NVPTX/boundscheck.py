# --boundscheck on the GPU: an index out of range prints the place, the
# index, the extent, the thread and the block through vprintf and traps, so
# the launch fails (the access after it is never made). The place and the
# format are byte arrays in the PTX. Without the flag there is no check.
# RUN: %pykc %s --sig 'k(float32[:], int64)' --boundscheck -o - | FileCheck %s
# RUN: %pykc %s --sig 'k(float32[:], int64)' -o - | FileCheck %s --check-prefix=PLAIN
# RUN: %if ptxas %{ %pykc %s --sig 'k(float32[:], int64)' --boundscheck -o %t.ptx && %ptxas -arch=sm_75 %t.ptx -o /dev/null && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
from numba import cuda


@cuda.jit
def k(a, i):
    a[i] = 1.0

# CHECK-DAG: .global .align 1 .b8 bounds_$_where[{{[0-9]+}}] = {
# CHECK-DAG: .global .align 1 .b8 pykc_$_bounds_$_format[127] = {112, 121, 107, 99, 58, 32, 37, 115, 58
# CHECK: call.uni (retval0),{{[[:space:]]*}}vprintf,
# CHECK: trap;
# PLAIN-NOT: vprintf
# PLAIN-NOT: trap
