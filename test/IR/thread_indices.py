# threadIdx, blockIdx, blockDim and gridDim .x/.y/.z are all int32, as in
# Numba (not uint32 as in CUDA C).
# RUN: %pykc %s --sig 'indices(int32[:])' --emit=ir -o - | FileCheck %s
from numba import cuda


@cuda.jit
def indices(out):
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    tz = cuda.threadIdx.z
    bx = cuda.blockIdx.x
    by = cuda.blockIdx.y
    bz = cuda.blockIdx.z
    dx = cuda.blockDim.x
    dy = cuda.blockDim.y
    dz = cuda.blockDim.z
    gx = cuda.gridDim.x
    gy = cuda.gridDim.y
    gz = cuda.gridDim.z
    out[0] = tx

# CHECK-LABEL: {{^}}kernel indices(out: array(int32, 1d, A)) -> none  # symbol indices
# CHECK-NEXT: {{^}}  tx: int32 = cuda.threadIdx.x{{$}}
# CHECK-NEXT: {{^}}  ty: int32 = cuda.threadIdx.y{{$}}
# CHECK-NEXT: {{^}}  tz: int32 = cuda.threadIdx.z{{$}}
# CHECK-NEXT: {{^}}  bx: int32 = cuda.blockIdx.x{{$}}
# CHECK-NEXT: {{^}}  by: int32 = cuda.blockIdx.y{{$}}
# CHECK-NEXT: {{^}}  bz: int32 = cuda.blockIdx.z{{$}}
# CHECK-NEXT: {{^}}  dx: int32 = cuda.blockDim.x{{$}}
# CHECK-NEXT: {{^}}  dy: int32 = cuda.blockDim.y{{$}}
# CHECK-NEXT: {{^}}  dz: int32 = cuda.blockDim.z{{$}}
# CHECK-NEXT: {{^}}  gx: int32 = cuda.gridDim.x{{$}}
# CHECK-NEXT: {{^}}  gy: int32 = cuda.gridDim.y{{$}}
# CHECK-NEXT: {{^}}  gz: int32 = cuda.gridDim.z{{$}}
# CHECK-NEXT: {{^}}  out[0] = tx{{$}}
