# Compile-time values passed to device functions, as Numba's own atomic
# tests pass them: a dtype and a literal size for a shared array, a shape
# tuple, an intrinsic (cuda.atomic.add) and a device function to call, and a
# bool literal that selects a branch. Also a variable whose type widens after
# a call: the callee is typed for the final type only.
from numba import cuda, int32, float64


@cuda.jit(device=True)
def as_int(x):
    return int(x)


@cuda.jit(device=True)
def as_is(x):
    return x


@cuda.jit(device=True)
def bins_shared(out, idx, ary_dtype, nbins, binop, cast, neg_idx):
    tid = cuda.threadIdx.x
    sm = cuda.shared.array(nbins, ary_dtype)
    if tid < nbins:
        sm[tid] = 0
    cuda.syncthreads()
    b = cast(idx[tid] % nbins)
    if neg_idx:
        b = b - nbins
    binop(sm, b, 1)
    cuda.syncthreads()
    if tid < nbins:
        out[tid] = sm[tid]


@cuda.jit(device=True)
def grid_shared(out, ary_shape, ary_dtype, binop):
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    sm = cuda.shared.array(ary_shape, ary_dtype)
    sm[tx, ty] = tx * ary_shape[1] + ty
    cuda.syncthreads()
    binop(sm, (ty % ary_shape[0], tx % ary_shape[1]), 1)
    cuda.syncthreads()
    out[tx, ty] = sm[tx, ty]


@cuda.jit
def hist_int32(out, idx):
    bins_shared(out, idx, int32, 16, cuda.atomic.add, as_int, False)


@cuda.jit
def hist_float64_neg(out, idx):
    bins_shared(out, idx, float64, 8, cuda.atomic.add, as_is, True)


@cuda.jit
def grid_add(out):
    grid_shared(out, (4, 8), int32, cuda.atomic.add)


@cuda.jit(device=True)
def pick(t, i):
    return t[i % 2]


@cuda.jit
def widened_tuple(out):
    i = cuda.grid(1)
    x = (1, 2.5)
    for k in range(2):
        # x's two versions meet at the loop's head: UniTuple(float64 x 2).
        if i < out.size:
            out[i] = pick(x, i) + k
        x = (1.5, 2.5)
