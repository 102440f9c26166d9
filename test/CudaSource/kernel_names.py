# --emit=cuda keeps a kernel's name unless C++ or CUDA's headers take it:
# `kernel_0`, `row_data` and `t_0` end as the writer's own local spellings
# do, but no device code names a kernel, so a local of that spelling (the
# tuple parameter `t` of `t_0` is flattened into `t_0` and `t_1`) only
# shadows it, and nvcc compiles it. `select` is C's and is renamed.
# RUN: env PYKC_CLANG_FORMAT=none %pykc %s --emit=cuda -o %t.cu 2>%t.err
# RUN: FileCheck %s --input-file %t.cu
# RUN: FileCheck %s --input-file %t.err --check-prefix=WARN --implicit-check-not=warning
# RUN: %if nvcc %{ %nvcc -c -arch=sm_75 -Werror all-warnings %t.cu -o %t.o %}
from numba import cuda


@cuda.jit("void(float32[:])")
def kernel_0(out):
    out[0] = 1.0


@cuda.jit("void(float32[:])")
def row_data(out):
    out[1] = 2.0


@cuda.jit("void(float64[:], UniTuple(float64, 2))")
def t_0(out, t):
    out[0] = t[0] + t[1]


@cuda.jit("void(float32[:])")
def select(out):
    out[2] = 3.0

# CHECK: extern "C" __global__ void kernel_0(float *out_data,
# CHECK: extern "C" __global__ void row_data(float *out_data,
# CHECK: extern "C" __global__ void t_0(double *out_data, {{.*}}double t_0, double t_1)
# CHECK: extern "C" __global__ void select_(float *out_data,
# WARN: kernel_names.py:29:1: warning: kernel 'select' is named 'select_' in the CUDA source because C++, the headers nvcc includes or pykc's own spellings take 'select' or its stem; pykc's PTX and objects keep 'select' [CudaKernelRenamed]
