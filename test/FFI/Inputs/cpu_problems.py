# Kernels whose link files the CPU backend cannot use (fail_cpu_link.test).
from numba import cuda

mul = cuda.declare_device("mul_f32_f32", "float32(float32, float32)")
lane_sum = cuda.declare_device("lane_sum", "float32(float32)")


@cuda.jit(link=["functions.ptx"])
def ptx_link(a):
    a[0] = mul(a[0], 2.0)


@cuda.jit(link=["gpu_only.cu"])
def intrinsic(a):
    a[0] = lane_sum(a[0])


@cuda.jit(link=["other.cu"])
def undefined(a):
    a[0] = mul(a[0], 2.0)


@cuda.jit
def unlinked(a):
    a[0] = mul(a[0], 2.0)
