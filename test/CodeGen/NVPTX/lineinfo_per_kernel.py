# @cuda.jit(lineinfo=True) (and debug=True) on one kernel gives the module's
# PTX .file/.loc directives, as -lineinfo does for the file: line tables are
# per module, so one kernel asking gives them all; `-c` then runs ptxas with
# -lineinfo. lineinfo=False is as if unset.
# RUN: %pykc %s --sig 'plain(float32[:])' --sig 'traced(float32[:])' --arch sm_80 -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: %pykc %s --sig 'plain(float32[:])' --arch sm_80 -o - | FileCheck %s --check-prefix=NONE
# RUN: %if ptxas %{ %ptxas -arch=sm_80 -lineinfo %t.ptx -o %t.cubin %}
# RUN: %if ptxas %{ llvm-dwarfdump-19 --debug-line %t.cubin | FileCheck %s --check-prefix=CUBIN %}
from numba import cuda


@cuda.jit(lineinfo=False)
def plain(a):
    a[0] = 1.0


@cuda.jit(lineinfo=True)
def traced(a):
    i = cuda.grid(1)
    a[i] = 2.0

# CHECK-LABEL: .entry traced(
# CHECK: .loc 1 19 0
# CHECK: .loc 1 20 5
# CHECK: .loc 1 21 5
# CHECK: .file 1 "{{.*}}/CodeGen/NVPTX/lineinfo_per_kernel.py"
# NONE-NOT: .loc
# NONE-NOT: .file
# CUBIN: name: "lineinfo_per_kernel.py"
