# A kernel that calls foreign functions gets PTX with their .extern .func
# declarations, Numba's ABI (a .b32 status and a pointer to the value first)
# and abi='c' (the value returned); ptxas compiles it as relocatable code
# (-c), which nvJitLink or nvcc -rdc links with the .cu.
# RUN: %pykc %s -o %t.ptx 2>&1 | FileCheck %s --check-prefix=NOTE
# RUN: FileCheck %s --input-file %t.ptx
# RUN: %if ptxas %{ %ptxas -c -arch=sm_75 %t.ptx -o %t.o %}
import cffi
from numba import cuda

mul = cuda.declare_device("mul_f32_f32", "float32(float32, float32)")
sum_reduce = cuda.declare_device("sum_reduce", "float32(CPointer(float32), int32)")
axpy = cuda.declare_device("axpy_c", "float32(float32, float32, float32)", abi="c")
ffi = cffi.FFI()


@cuda.jit("void(float32[:], float32[:])", link=["Inputs/functions.cu"])
def k(r, x):
    i = cuda.grid(1)
    if i < r.size:
        r[i] = axpy(mul(x[i], 2.0), x[i], 1.0)
    if i == 0:
        r[0] = sum_reduce(ffi.from_buffer(x), x.size)

# NOTE: pykc: note: the PTX calls the foreign device functions 'mul_f32_f32', 'axpy_c', 'sum_reduce' (.extern .func): link it with the files that define them (nvJitLink, or nvcc -rdc=true; `pykc -c` links them itself)

# CHECK-DAG: .extern .func (.param .b32 func_retval0) mul_f32_f32
# CHECK-DAG: .extern .func (.param .b32 func_retval0) axpy_c
# CHECK-DAG: .extern .func (.param .b32 func_retval0) sum_reduce
# CHECK: .visible .entry k(
# CHECK: call.uni (retval0),{{[[:space:]]*}}mul_f32_f32,
