# --boundscheck on the GPU: an index out of range fills the runtime's
# record (KernelABI.h: the global pykc_bounds_record points at it; one
# function per module claims it with a CAS, copies the place's bytes and
# fences at system scope), prints the place, the index, the extent, the
# thread and the block through vprintf, and traps, so the launch fails (the
# access after it is never made). The place and the format are byte arrays
# in the PTX. Without the flag there is no check.
# RUN: %pykc %s --sig 'k(float32[:], int64)' --boundscheck -o - | FileCheck %s
# RUN: %pykc %s --sig 'k(float32[:], int64)' -o - | FileCheck %s --check-prefix=PLAIN
# RUN: %if ptxas %{ %pykc %s --sig 'k(float32[:], int64)' --boundscheck -o %t.ptx && %ptxas -arch=sm_75 %t.ptx -o /dev/null && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
from numba import cuda


@cuda.jit
def k(a, i):
    a[i] = 1.0

# CHECK-DAG: .global .align 1 .b8 bounds_$_where[{{[0-9]+}}] = {
# CHECK-DAG: .global .align 1 .b8 pykc_$_bounds_$_format[127] = {112, 121, 107, 99, 58, 32, 37, 115, 58
# CHECK-DAG: .visible .global .align 8 .u64 pykc_bounds_record;
# CHECK: call.uni {{[[:space:]]*}}pykc_$_bounds_$_record,
# CHECK: call.uni (retval0),{{[[:space:]]*}}vprintf,
# CHECK: trap;
# CHECK-LABEL: .func pykc_$_bounds_$_record(
# CHECK: ld.volatile.global.u64 {{%rd[0-9]+}}, [pykc_bounds_record];
# CHECK: atom.cas.b32
# CHECK: membar.sys;
# CHECK: st.volatile.u32 [{{%rd[0-9]+}}], {{%r[0-9]+|2}};
# PLAIN-NOT: pykc_bounds_record
# PLAIN-NOT: vprintf
# PLAIN-NOT: trap
