# -lineinfo (and -g) put PTX .file/.loc directives at each statement's .py
# line, as Numba's lineinfo=True, and no DWARF data; ptxas -lineinfo
# turns them into the cubin's line table.
# RUN: %pykc %s --arch sm_80 -lineinfo -o %t.ptx
# RUN: FileCheck %s < %t.ptx
# RUN: %pykc %s --arch sm_80 -g -o - | FileCheck %s
# Without the flag: no directives.
# RUN: %pykc %s --arch sm_80 -o - | FileCheck %s --check-prefix=NONE
# RUN: %if ptxas %{ %ptxas -arch=sm_80 -lineinfo %t.ptx -o %t.cubin %}
# RUN: %if ptxas %{ llvm-dwarfdump-19 --debug-line %t.cubin | FileCheck %s --check-prefix=CUBIN %}
from numba import cuda


@cuda.jit("void(float32[:], float32)")
def scale(a, factor):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = a[i] * factor

# CHECK-LABEL: .entry scale(
# CHECK: .loc 1 15 0
# CHECK: .loc 1 16 5
# CHECK: .loc 1 17 5
# CHECK: .loc 1 18 9
# CHECK: .file 1 "{{.*}}/CodeGen/NVPTX/lineinfo.py"
# NONE-NOT: .loc
# NONE-NOT: .file

# CUBIN: name: "lineinfo.py"
# CUBIN: Address Line Column File
# CUBIN: {{^0x[0-9a-f]+}} 15 0 1
# CUBIN-NEXT: {{^0x[0-9a-f]+}} 16 0 1
# CUBIN-NEXT: {{^0x[0-9a-f]+}} 17 0 1
# CUBIN-NEXT: {{^0x[0-9a-f]+}} 18 0 1
