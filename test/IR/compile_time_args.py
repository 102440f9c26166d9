# Compile-time values flow through device-function arguments, as Numba's
# literal and function types do: a literal size and a dtype make a shared
# array, a function (an intrinsic or a device function) is called, a bool
# literal prunes the branch it does not take before typing, as Numba's
# dead-branch pruning does (the pruned branch may hold code that would not
# type). Each distinct list of values is its own instance;
# a parameter the body assigns takes a run-time value instead.
# RUN: %pykc %s --sig 'k(float32[:], int64[:])' --emit=ir -o - | FileCheck %s
from numba import cuda, float32

N = 32
CHECKING = False


@cuda.jit(device=True)
def twice(x):
    return 2 * x


@cuda.jit(device=True)
def fill(out, idx, n, dtype, op, f, flag):
    sm = cuda.shared.array(n, dtype)
    t = cuda.threadIdx.x
    sm[t] = f(t)
    if flag:
        op(out, idx[t] % n, sm[t])
    else:
        out[t] = -1


@cuda.jit(device=True)
def bump(n):
    n = n + 1
    return n


@cuda.jit
def k(out, idx):
    fill(out, idx, N, float32, cuda.atomic.add, twice, True)
    fill(out, idx, 2 * 8, float32, cuda.atomic.max, twice, False)
    out[0] = bump(3)
    if CHECKING:
        out[1] = 1.5 + (1, 2)  # pruned: never typed

# CHECK-LABEL: {{^}}kernel k(out: array(float32, 1d, A), idx: array(int64, 1d, A)) -> none  # symbol k{{$}}
# CHECK-NEXT: {{^}}  fill__float32_1dA_int64_1dA_c32_cfloat32_ccuda_atomic_add_ctwice_cTrue(out, idx){{$}}
# CHECK-NEXT: {{^}}  fill__float32_1dA_int64_1dA_c16_cfloat32_ccuda_atomic_max_ctwice_cFalse(out, idx){{$}}
# CHECK-NEXT: {{^}}  out[0] = float32(bump__int64(3)){{$}}
# CHECK-EMPTY:
# CHECK-LABEL: {{^}}device fill(out: array(float32, 1d, A), idx: array(int64, 1d, A)) -> none  # symbol fill__float32_1dA_int64_1dA_c32_cfloat32_ccuda_atomic_add_ctwice_cTrue; compile-time n = 32, dtype = float32, op = cuda.atomic.add, f = twice, flag = True{{$}}
# CHECK-NEXT: {{^}}  sm: array(float32, 1d, C, shared) = cuda.shared.array((32,), float32){{$}}
# CHECK-NEXT: {{^}}  t: int32 = cuda.threadIdx.x{{$}}
# CHECK-NEXT: {{^}}  sm[t] = float32(twice__int32(t)){{$}}
# CHECK-NEXT: {{^}}  cuda.atomic.add(out, pykc_mod_int64(idx[t], 32), sm[t]){{$}}
# CHECK-EMPTY:
# CHECK-LABEL: {{^}}device fill(out: array(float32, 1d, A), idx: array(int64, 1d, A)) -> none  # symbol fill__float32_1dA_int64_1dA_c16_cfloat32_ccuda_atomic_max_ctwice_cFalse; compile-time n = 16, dtype = float32, op = cuda.atomic.max, f = twice, flag = False{{$}}
# CHECK-NEXT: {{^}}  sm: array(float32, 1d, C, shared) = cuda.shared.array((16,), float32){{$}}
# CHECK-NEXT: {{^}}  t: int32 = cuda.threadIdx.x{{$}}
# CHECK-NEXT: {{^}}  sm[t] = float32(twice__int32(t)){{$}}
# CHECK-NEXT: {{^}}  out[t] = float32(-1){{$}}
# CHECK-EMPTY:
# CHECK-LABEL: {{^}}device bump(n: int64) -> int64  # symbol bump__int64{{$}}
