"""Physics-notebook style: Greek names for parameters, locals, device
functions and kernels (Python allows them), and arrays picked in branches
and used after them."""
import math

from numba import cuda, float64

Δt = 0.01


@cuda.jit(device=True)
def σ_scaled(μ, σ):
    return (μ - 1.0) / σ


@cuda.jit(device=True)
def λ(x):
    return math.exp(-x * x)


@cuda.jit
def euler_step(x, v, α):
    i = cuda.grid(1)
    if i < x.shape[0]:
        μ = x[i]
        σ = 1.0 + abs(v[i])
        Δx = v[i] * Δt
        x[i] = μ + Δx + α * σ_scaled(μ, σ)


@cuda.jit
def γ_gain(a, b, out, ε):
    i = cuda.grid(1)
    if i < out.shape[0]:
        if i % 2 == 0:
            src = a[i:]
            β = 2.0
        else:
            src = b[i:]
            β = -1.0
        total = 0.0
        for k in range(3):
            if k < src.shape[0]:
                tail = src[k:]
                total += tail[0]
        out[i] = β * λ(total) + ε + tail.shape[0]


@cuda.jit
def scratch_in_branch(a, out):
    i = cuda.grid(1)
    if i < out.shape[0]:
        if a[i] > 0.5:
            tmp = cuda.local.array(3, float64)
            tmp[0] = a[i]
        else:
            tmp = cuda.local.array(3, float64)
            tmp[0] = -a[i]
        tmp[1] = 2.0 * tmp[0]
        out[i] = tmp[0] + tmp[1]
