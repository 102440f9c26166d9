# --emit=cuda calls each foreign function through a wrapper that returns its
# value, and #includes the .cu link files by their absolute paths, so nvcc
# compiles the file alone. Without a .cu (other link files, or none), the
# functions are declared extern "C" __device__ with their ABI instead.
# RUN: env PYKC_CLANG_FORMAT=none %pykc %s --emit=cuda --link %S/Inputs/functions.cu -o %t.cu
# RUN: FileCheck %s --input-file %t.cu -DINPUTS=%S/Inputs
# RUN: %if nvcc %{ %nvcc -c -arch=sm_75 -Werror all-warnings %t.cu -o %t.o %}
# RUN: env PYKC_CLANG_FORMAT=none %pykc %s --emit=cuda -o %t.decl.cu
# RUN: FileCheck %s --input-file %t.decl.cu --check-prefix=DECL
# RUN: %if nvcc %{ %nvcc -c -rdc=true -arch=sm_75 -Werror all-warnings %t.decl.cu -o %t.decl.o %}
from numba import cuda

mul = cuda.declare_device("mul_f32_f32", "float32(float32, float32)")
count_positive = cuda.declare_device("count_positive", "int32(voidptr, int64)", abi="c")


@cuda.jit("void(float32[:], int32[:])")
def k(r, v):
    i = cuda.grid(1)
    if i < r.size:
        r[i] = mul(r[i], 3.0)
    if i == 0:
        v[0] = count_positive(v, v.size)

# CHECK: // Foreign device functions (cuda.declare_device) and their link files.
# CHECK-NEXT: #include "[[INPUTS]]/functions.cu"
# CHECK-NEXT: // mul = cuda.declare_device('mul_f32_f32', 'float32(float32, float32)')
# CHECK-NEXT: __device__ inline float pykc_foreign_mul_f32_f32(float a0, float a1) {
# CHECK-NEXT:   float r;
# CHECK-NEXT:   mul_f32_f32(&r, a0, a1);
# CHECK-NEXT:   return r;
# CHECK-NEXT: }
# CHECK-NEXT: // count_positive = cuda.declare_device('count_positive', 'int32(voidptr, int64)', abi='c')
# CHECK-NEXT: __device__ inline int32_t pykc_foreign_count_positive(void * a0, int64_t a1) {
# CHECK-NEXT:   return count_positive(a0, a1);
# CHECK-NEXT: }
# CHECK: pykc_foreign_mul_f32_f32(
# CHECK: pykc_foreign_count_positive((void *)(v).data,

# DECL: // Foreign device functions (cuda.declare_device) and their link files.
# DECL-NEXT: // mul = cuda.declare_device('mul_f32_f32', 'float32(float32, float32)')
# DECL-NEXT: extern "C" __device__ int mul_f32_f32(float *, float, float);
# DECL: extern "C" __device__ int32_t count_positive(void *, int64_t);
