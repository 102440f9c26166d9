# The CUDA special registers behind threadIdx/blockDim/blockIdx/gridDim.
# RUN: %pykc %s --sig 'sregs(int32[:])'  -o - | FileCheck %s
# RUN: %if ptxas %{ %pykc %s --sig 'sregs(int32[:])'  -o %t.ptx && %ptxas -arch=sm_75 %t.ptx -o /dev/null && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
from numba import cuda


@cuda.jit
def sregs(out):
    out[0] = cuda.threadIdx.x
    out[1] = cuda.threadIdx.y
    out[2] = cuda.blockDim.x
    out[3] = cuda.blockIdx.x
    out[4] = cuda.gridDim.y
    out[5] = cuda.blockIdx.z

# CHECK-LABEL: .visible .entry sregs(
# CHECK: mov.u32 {{%r[0-9]+}}, %tid.x;
# CHECK: mov.u32 {{%r[0-9]+}}, %tid.y;
# CHECK: mov.u32 {{%r[0-9]+}}, %ntid.x;
# CHECK: mov.u32 {{%r[0-9]+}}, %ctaid.x;
# CHECK: mov.u32 {{%r[0-9]+}}, %nctaid.y;
# CHECK: mov.u32 {{%r[0-9]+}}, %ctaid.z;
# CHECK: ret;
