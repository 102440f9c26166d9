# CUDA vector types (test/Run/vector_types.test): constructors by name and by
# C alias, from numbers (converted) and from smaller vectors, .x/.y/.z/.w,
# and a vector passed to a device function.
from numba import cuda
from numba.cuda import float4

@cuda.jit(device=True)
def dot(a, b):
    return a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w

@cuda.jit("void(float64[:])")
def kernel(arr):
    v1 = cuda.float64x4(1.0, 3.0, 5.0, 7.0)
    v2 = cuda.short2(10, 11)
    h = cuda.float32x2(2, v2.y)
    f = float4(h, 0.5, h.x)
    arr[0] = v1.w
    arr[1] = v2.x
    arr[2] = dot(f, float4(1, 1, 1, 1))
    arr[3] = f.z
