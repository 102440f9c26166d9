# The LLVM module marks each kernel in !nvvm.annotations; device functions are
# not marked.
# RUN: %pykc %s --sig 'k(float32[:])' --emit=llvm -O0 -o - | FileCheck %s
from numba import cuda


@cuda.jit(device=True)
def twice(x):
    return x * 2


@cuda.jit
def k(a):
    a[0] = twice(a[1])

# CHECK: define void @k(ptr %a.data, i64 %a.shape0, i64 %a.stride0)
# CHECK: call double @twice__float32(float
# CHECK: define internal double @twice__float32(float %x)
# CHECK: !nvvm.annotations = !{![[K:[0-9]+]]}
# CHECK-NOT: twice
# CHECK: ![[K]] = !{ptr @k, !"kernel", i32 1}
