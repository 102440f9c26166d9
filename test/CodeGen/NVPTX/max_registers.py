# @cuda.jit(max_registers=N) limits that kernel alone: its entry gets PTX's
# .maxnreg N (nvvm.annotations "maxnreg"), the kernel without the option
# gets none, and no module-wide limit is set. ptxas accepts it.
# RUN: %pykc %s --emit=llvm -O0 -o - | FileCheck %s --check-prefix=LLVM
# RUN: %pykc %s -o %t.ptx
# RUN: FileCheck %s --input-file %t.ptx
# RUN: %if ptxas %{ %ptxas -arch=sm_75 %t.ptx -o /dev/null %}
from numba import cuda

LIMIT = 32


@cuda.jit("void(float32[:])", max_registers=LIMIT)
def limited(a):
    i = cuda.grid(1)
    if i < a.shape[0]:
        a[i] = a[i] * 2.0


@cuda.jit("void(float32[:])")
def free(a):
    i = cuda.grid(1)
    if i < a.shape[0]:
        a[i] = a[i] + 1.0


@cuda.jit("void(float32[:])", max_registers=64, device=False)
def wider(a):
    a[0] = 0.0

# LLVM: !nvvm.annotations = !{![[L:[0-9]+]], ![[LN:[0-9]+]], ![[F:[0-9]+]], ![[W:[0-9]+]], ![[WN:[0-9]+]]}
# LLVM: ![[L]] = !{ptr @limited, !"kernel", i32 1}
# LLVM: ![[LN]] = !{ptr @limited, !"maxnreg", i32 32}
# LLVM: ![[F]] = !{ptr @free, !"kernel", i32 1}
# LLVM: ![[W]] = !{ptr @wider, !"kernel", i32 1}
# LLVM: ![[WN]] = !{ptr @wider, !"maxnreg", i32 64}

# CHECK-NOT:   .maxnreg
# CHECK-LABEL: .visible .entry limited(
# CHECK:       .maxnreg 32
# CHECK-NOT:   .maxnreg
# CHECK-LABEL: .visible .entry free(
# CHECK-NOT:   .maxnreg
# CHECK-LABEL: .visible .entry wider(
# CHECK:       .maxnreg 64
# CHECK-NOT:   .maxnreg
