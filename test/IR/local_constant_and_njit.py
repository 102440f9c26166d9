# A local bound once to a constant is a compile-time value, as Numba's
# literals: a shared array's shape may be held in one. An @njit function a
# kernel calls is compiled as a device function, as Numba's CUDA target does
# (for the host it is not compiled yet, which a warning says).
# RUN: %pykc %s --sig 'k(float32[:])' --emit=ir -o - 2>%t.err | FileCheck %s
# RUN: FileCheck %s --check-prefix=WARN --input-file %t.err
from numba import cuda, float32, njit


@njit
def twice(x):
    return 2 * x


@cuda.jit
def k(a):
    n = 32
    sm = cuda.shared.array(n, float32)
    t = cuda.threadIdx.x
    sm[t] = a[t]
    cuda.syncthreads()
    a[t] = twice(sm[n - 1 - t])

# CHECK: {{^}}  sm: array(float32, 1d, C, shared) = cuda.shared.array((32,), float32){{$}}
# CHECK: {{^}}  a[t] = float32(twice__float32(sm[((n - 1) - int64(t))])){{$}}
# CHECK: {{^}}device twice(x: float32) -> float64  # symbol twice__float32{{$}}
# WARN: local_constant_and_njit.py:11:5: warning: @njit function 'twice' has no signature, so it is compiled only where a kernel calls it; give it one (in the decorator, or --sig) to compile it for the host [MissingHostSignature]
