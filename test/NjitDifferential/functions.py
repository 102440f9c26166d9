# @njit functions for the differential test of `pykc call` against Numba's
# own CPU JIT (run_njit_differential.py holds the cases). Each one is small
# and deterministic; no set_num_threads here: Numba refuses more threads
# than the machine has cores.
import math

import numpy as np
from numba import njit, prange


# --- Reductions -------------------------------------------------------------

@njit
def total(a):
    s = 0
    for i in range(a.shape[0]):
        s += a[i]
    return s


@njit
def abs_total(A):
    # The documents' numba_reduce, serial: s = 0 becomes float64 once
    # float32 values are added.
    s = 0
    for i in range(A.shape[0]):
        if A[i] < 0:
            s += -A[i]
        else:
            s += A[i]
    return s


@njit
def product(a):
    p = 1
    for v in a:
        p *= v
    return p


@njit
def dot(a, b):
    s = 0.0
    for i in range(a.size):
        s += a[i] * b[i]
    return s


@njit
def total_3d(a):
    s = 0
    for i in range(a.shape[0]):
        for j in range(a.shape[1]):
            for k in range(a.shape[2]):
                s += a[i, j, k]
    return s, a.size


# --- Stencils into an output array -----------------------------------------

@njit
def stencil_1d(a, out):
    n = a.shape[0]
    for i in range(1, n - 1):
        out[i] = 0.25 * a[i - 1] + 0.5 * a[i] + 0.25 * a[i + 1]
    out[0] = a[0]
    out[n - 1] = a[-1]


@njit
def stencil_2d(a, out):
    for i in range(1, a.shape[0] - 1):
        for j in range(1, a.shape[1] - 1):
            out[i, j] = (a[i - 1, j] + a[i + 1, j] + a[i, j - 1]
                         + a[i, j + 1] - 4 * a[i, j])


# --- Early exit -------------------------------------------------------------

@njit
def first_index(a, x):
    for i in range(a.size):
        if a[i] == x:
            return i
    return -1


@njit
def prefix_until(a, limit):
    # How many leading elements fit under limit, and their sum.
    i = 0
    s = 0.0
    while True:
        if i >= a.shape[0]:
            break
        if s + a[i] > limit:
            break
        s += a[i]
        i += 1
    return i, s


@njit
def count_skipping(a):
    # continue and break in one loop: positive elements before the first 0.
    n = 0
    for v in a:
        if v < 0:
            continue
        if v == 0:
            break
        n += 1
    return n


# --- Tuple returns ----------------------------------------------------------

@njit
def min_max_argmin(a):
    lo = a[0]
    hi = a[0]
    arg = 0
    for i in range(1, a.shape[0]):
        if a[i] < lo:
            lo = a[i]
            arg = i
        hi = max(hi, a[i])
    return lo, hi, arg


@njit
def mean(a):
    s = 0.0
    for i in range(a.shape[0]):
        s += a[i]
    return s / a.shape[0]


@njit
def mean_var(a):
    m = mean(a)
    s = 0.0
    for i in range(a.shape[0]):
        d = a[i] - m
        s += d * d
    return m, s / a.shape[0]


@njit
def single(x):
    return (x * 2,)


# --- Calls between @njit functions ------------------------------------------

@njit
def sq(x):
    return x * x


@njit
def hypot3(x, y, z):
    return math.sqrt(sq(x) + sq(y) + sq(z))


@njit
def norms(a):
    # Calls dot (an array argument) and hypot3 (scalars).
    return math.sqrt(dot(a, a)), hypot3(a[0], a[1], a[2])


# --- Integer arithmetic with Python semantics --------------------------------

@njit
def int_divmod(a, b):
    return a // b, a % b, -a // b, -a % b, a // -b, a % -b


@njit
def int_divmod_arrays(a, b, q, r):
    for i in range(a.shape[0]):
        q[i] = a[i] // b[i]
        r[i] = a[i] % b[i]


@njit
def int_power(b, e):
    return b ** e, b ** 2, 2 ** e, (-b) ** 3


@njit
def int_bits(a, b):
    return a >> 2, a << 3, a & b, a | b, a ^ b, ~a


@njit
def float_divmod(x, y):
    return x // y, x % y, -x // y, -x % y


@njit(error_model="numpy")
def numpy_errors(a, b, x, y):
    # NumPy's error model: no ZeroDivisionError; inf, nan, or 0 for ints.
    return a // b, a % b, a / b, divmod(a, b), x / y, x // y, x % y


@njit(error_model="numpy")
def numpy_errors_arrays(a, b, x, y, q, r, t, u):
    for i in range(a.shape[0]):
        q[i] = a[i] // b[i]
        r[i] = a[i] % b[i]
        t[i] = x[i] / y[i]
        u[i] = x[i] % y[i]


# --- Mixed int/float promotion ----------------------------------------------

@njit
def promote(n, x):
    return n / 2, n // 2 + x, n * x, max(n, x), min(n, 1), abs(-n)


@njit
def promote_int32(i, f):
    # int32 + int32 is int64 in Numba, int32 * float32 is float64.
    return i + i, i * f, i / i, f + 1


@njit
def mixed_array(a, b):
    # int32 array times float32 array, summed from an int.
    s = 0
    for k in range(a.shape[0]):
        s += a[k] * b[k]
    return s


@njit
def math_funcs(x):
    return (math.sqrt(x), math.fabs(-x), math.exp(x / 4), math.log(x),
            math.sin(x), math.atan2(x, 2.0), np.sqrt(x + 1))


@njit
def floor_ceil(x):
    # On the CPU, Numba's math.floor/ceil/trunc return int64 (as Python's).
    return math.floor(x), math.ceil(-x), math.trunc(x)


@njit
def specials(x):
    # inf, -inf, nan and -0.0 as Python prints them.
    big = x * 1e308
    inf = big * 10
    return inf, -inf, inf - inf, -(x - x)


@njit
def residual(x, y, z):
    # x * y - z, each operation rounded, as Numba does (no contraction).
    return x * y - z, z - x * y, x * y + z


@njit
def axpy(alpha, x, y, out):
    for i in range(x.shape[0]):
        out[i] = alpha * x[i] + y[i]


# --- float32 arithmetic -----------------------------------------------------

@njit
def saxpy32(alpha, x, y, out):
    for i in range(x.shape[0]):
        out[i] = alpha * x[i] + y[i]


@njit
def f32_ops(a, f, out):
    # float32 in, float32 out: sqrt, division and subtraction in float32.
    for i in range(a.shape[0]):
        out[i] = math.sqrt(a[i]) / f - np.float32(1.5)


@njit
def total32(a):
    s = np.float32(0)
    for i in range(a.shape[0]):
        s += a[i]
    return s


@njit
def round_trip32(x):
    return np.float32(x) * np.float32(3), np.float64(np.float32(x))


@njit
def f32_accumulate(a, out):
    # A float32 accumulator stays float32: out[0] sees float32 rounding.
    s = np.float32(0)
    for i in range(a.shape[0]):
        s += a[i] * np.float32(0.1)
    out[0] = s
    out[1] = np.float32(s / np.float32(3))


# --- Boolean results --------------------------------------------------------

@njit
def is_sorted(a):
    for i in range(1, a.shape[0]):
        if a[i - 1] > a[i]:
            return False
    return True


@njit
def in_range(x, lo, hi):
    return lo <= x and x < hi, x != lo, not (x > hi)


@njit
def count_true(m):
    n = 0
    for i in range(m.shape[0]):
        if m[i]:
            n += 1
    return n


# --- Nested loops over 2-d arrays --------------------------------------------

@njit
def row_sums(a, out):
    for i in range(a.shape[0]):
        s = 0.0
        for j in range(a.shape[1]):
            s += a[i, j]
        out[i] = s


@njit
def trace_and_max(a):
    t = 0
    m = a[0, 0]
    for i in range(a.shape[0]):
        if i < a.shape[1]:
            t += a[i, i]
        for j in range(a.shape[1]):
            if a[i, j] > m:
                m = a[i, j]
    return t, m


@njit
def matmul(a, b, c):
    for i in range(a.shape[0]):
        for j in range(b.shape[1]):
            s = 0.0
            for k in range(a.shape[1]):
                s += a[i, k] * b[k, j]
            c[i, j] = s


# --- Negative indices and slices ---------------------------------------------

@njit
def ends(a):
    return a[-1] - a[0], a[-2], a.shape[0]


@njit
def slice_sum(a):
    inner = a[1:-1]
    s = 0
    for v in inner:
        s += v
    t = 0
    for v in a[::2]:
        t += v
    return s, t, inner.shape[0]


@njit
def row_of(a, i):
    r = a[i]
    s = 0.0
    for j in range(r.shape[0]):
        s += r[j] * (j + 1)
    return s


# --- prange in @njit(parallel=True) -------------------------------------------

@njit(parallel=True)
def par_sum(a):
    s = 0.0
    for i in prange(a.shape[0]):
        s += a[i]
    return s


@njit(parallel=True)
def par_count(a, threshold):
    n = 0
    for i in prange(a.shape[0]):
        if a[i] > threshold:
            n += 1
    return n


@njit(parallel=True)
def numba_reduce(A):
    # The documents' numba_reduce, unchanged.
    s = 0
    for i in prange(A.shape[0]):
        if A[i] < 0:
            s += -A[i]
        else:
            s += A[i]
    return s


@njit(parallel=True)
def par_sum_2d(a):
    s = 0.0
    n = 0
    for i in prange(a.shape[0]):
        for j in range(a.shape[1]):
            s += a[i, j]
            if a[i, j] < 0:
                n -= 1
    return s, n


@njit(parallel=True)
def par_scale(a, out, f):
    for i in prange(a.shape[0]):
        out[i] = a[i] / f + i


# --- In-place updates ---------------------------------------------------------

@njit
def clip_inplace(a, lo, hi):
    changed = 0
    for i in range(a.shape[0]):
        if a[i] < lo:
            a[i] = lo
            changed += 1
        elif a[i] > hi:
            a[i] = hi
            changed += 1
    return changed


@njit
def cumsum_inplace(a):
    for i in range(1, a.size):
        a[i] += a[i - 1]


@njit
def scale_2d(a, f):
    for i in range(a.shape[0]):
        for j in range(a.shape[1]):
            a[i, j] *= f


@njit
def reverse_inplace(a):
    n = a.shape[0]
    for i in range(n // 2):
        t = a[i]
        a[i] = a[n - 1 - i]
        a[n - 1 - i] = t


# --- More control flow, ranges, builtins ---------------------------------------

@njit
def reverse_range_sum(a):
    # range with a negative step and with a step of 3, and an empty range.
    s = 0
    w = 1
    for i in range(a.shape[0] - 1, -1, -1):
        s += a[i] * w
        w += 1
    t = 0
    for i in range(1, a.shape[0], 3):
        t += a[i]
    for i in range(5, 2):
        t += 1000
    return s, t


@njit
def ternary_and_or(n, x):
    y = x if n > 0 else n
    z = n or 5
    w = n and x
    return y, z, w, min(n, x, 3), max(n, 2, -1)


@njit
def unpack_call(a):
    lo, hi, arg = min_max_argmin(a)
    return hi - lo, arg


@njit
def shape_info(a):
    return a.shape, a.ndim, len(a), a.size


@njit
def views(a):
    # Slices of 2-d arrays: a column, a row, a strided block, a reversal.
    col = a[:, 1]
    s = 0.0
    for v in col:
        s += v
    blk = a[1:, ::2]
    t = 0.0
    for i in range(blk.shape[0]):
        for j in range(blk.shape[1]):
            t += blk[i, j] / (i + 1) - (j + 2)
    rev = a[0, ::-1]
    return s, t, rev[0], blk.shape[0], blk.shape[1]


@njit
def pick(a, i):
    return a[i]


@njit
def shift_into(a, b):
    # With b the same array as a, each step reads what the last wrote.
    for i in range(a.shape[0] - 1):
        b[i + 1] = a[i] + 1


@njit
def stores(x, ints_out, f32_out, bools_out):
    # Conversions on store: float to int truncates, int64 to float32 rounds.
    for i in range(x.shape[0]):
        ints_out[i] = x[i] * 3.5
        f32_out[i] = i * 16777217
        bools_out[i] = x[i] > 0


@njit
def int_promotion(a, b):
    # int32 * int32 is int64 (no overflow); uint32 - uint32 is uint64 and
    # wraps; int64 overflow wraps.
    return a * a, b - b - np.uint32(1), 9223372036854775807 + a - a * 0


@njit
def float_pow(x, y):
    return x ** y, (-x) ** 3.0, x ** -2, 0 ** 0, 2.0 ** 0.5


@njit
def math_more(x, y):
    return (math.isnan(x - x), math.isinf(x), math.copysign(3.0, -y),
            math.pow(x, y), math.hypot(x, y), abs(-y))


@njit
def fill_3d(a):
    for i in range(a.shape[0]):
        for j in range(a.shape[1]):
            for k in range(a.shape[2]):
                a[i, j, k] = i * 100 + j * 10 + k - a[i, j, k]


# --- More prange ---------------------------------------------------------------

@njit(parallel=True)
def par_initial(a):
    # Reductions that start from a value other than 0 (or 1): the start
    # counts once, however many threads ran.
    s = 10.0
    n = 100
    p = 3
    d = 5
    for i in prange(a.shape[0]):
        s += a[i]
        n += 1
        d -= 2
        if i % 4 == 0:
            p *= 2
    return s, n, p, d


@njit(parallel=True)
def par_rows(a, out):
    # prange over rows with an inner serial loop, writing a row sum each.
    for i in prange(a.shape[0]):
        t = 0
        for j in range(a.shape[1]):
            t += a[i, j]
        out[i] = t


@njit(parallel=True)
def par_offset(a):
    s = 0
    for i in prange(2, a.shape[0]):
        s += a[i] * i
    return s


# --- Globals, conversions, bool arguments, in-place through a call -------------

SCALE = 2.5
COUNT = 7


@njit
def globals_and_consts(x):
    return x * SCALE + COUNT, math.pi, np.pi * 2, math.e, math.inf > x


@njit
def conversions(x, n):
    return (int(x), int(-x), float(n), np.int64(x), np.uint8(n),
            np.int32(n) * np.int32(2), np.float64(np.float32(x) + np.float32(1)),
            bool(n), bool(x - x))


@njit
def choose(flag, x, y):
    if flag:
        return x
    return y + 0.5


@njit
def bump(a, i, v):
    a[i] += v


@njit
def call_inplace(a):
    # An @njit function changing an array passed to it.
    for i in range(a.shape[0]):
        if a[i] < 0:
            bump(a, i, 100)
    return a[-1]


@njit
def neg2d(a):
    return a[-1, -1], a[-2, 0], a[0, -3]


@njit
def while_continue(n):
    # Sum of the odd numbers below n that are not multiples of 3.
    i = 0
    s = 0
    while i < n:
        i += 1
        if i % 2 == 0:
            continue
        if i % 3 == 0:
            continue
        s += i
    return s


@njit
def closures(a, s):
    # Nested functions read the outer variables when called (Numba's
    # closures): the second loop sees the new offset. Also sum() of a row
    # and max() of a tuple.
    offset = 1.0

    def shifted(x):
        return x * s + offset

    scale = lambda x: shifted(x) * 2
    acc = 0.0
    for v in a:
        acc += scale(v)
    offset = -3.0
    for v in a:
        acc += shifted(v)
    return acc + sum(a) + max((s, 1.5, acc))


@njit(parallel=True)
def par_prod(a):
    p = 1.0
    for i in prange(a.shape[0]):
        p *= a[i]
    return p


@njit(parallel=True)
def par_minmax(a):
    hi = a[0]
    lo = a[0]
    for i in prange(a.shape[0]):
        hi = max(hi, a[i])
        lo = min(a[i], lo)
    return lo, hi


# --- Exceptions raised to the caller -------------------------------------------

@njit
def stepped_fill(a, start, step):
    # The store before the loop is not written back when the range raises.
    a[0] = -1
    n = 0
    for i in range(start, a.shape[0], step):
        a[i] = i
        n += 1
    return n


@njit
def range_lengths(start, stop, step):
    r = range(start, stop, step)
    return len(range(stop)), len(range(start, stop)), len(r), r.step


@njit
def zipped_steps(a, step):
    s = 0.0
    for i, x in zip(range(0, 3 * a.shape[0], step), a):
        s += i * x
    for k, i in enumerate(range(a.shape[0], 0, -step)):
        s -= k * i
    return s


@njit
def divide_ints(a, b):
    return a // b + a % b


@njit
def divide_floats(x, y):
    return x / y, x // y


@njit
def checked_root(x):
    if x < 0.0:
        raise ValueError("negative input")
    assert x != 1.0, "one is not allowed"
    return x ** 0.5


# --- Arrays the function makes (np.empty, np.zeros, ...) --------------------

@njit
def running_max_total(a):
    best = np.empty(a.shape[0])
    m = a[0]
    for i in range(a.shape[0]):
        m = max(m, a[i])
        best[i] = m
    s = 0.0
    for i in range(best.shape[0]):
        s += best[i] * (i + 1)
    return s


@njit
def histogram_weight(a, bins):
    counts = np.zeros(bins, dtype=np.int64)
    for i in range(a.shape[0]):
        counts[a[i] % bins] += 1
    w = 0
    for k in range(bins):
        w += counts[k] * (k + 1)
    return w, counts.shape[0]


@njit
def ones_grid(n, m):
    g = np.ones((n, m), dtype=np.float32)
    for i in range(n):
        for j in range(m):
            g[i, j] *= i - 2 * j
    s = 0.0
    for i in range(n):
        for j in range(m):
            s += g[i, j]
    return s, g.strides[0], g.strides[1], g.size


@njit
def filled(n, v):
    f = np.full(n, v)
    t = np.full((2, 3), 7, np.int32)
    return f[0] + f[n - 1], t[1, 2] * t.shape[1], f.size


@njit
def like_arrays(a, out):
    t = np.empty_like(a)
    z = np.zeros_like(a)
    o = np.ones_like(a, dtype=np.int32)
    q = np.full_like(a, 0.25)
    for i in range(a.shape[0]):
        t[i] = a[i] * 2
    for i in range(a.shape[0]):
        out[i] = t[i] + z[i] + o[i] + q[i]
    return o.strides[0], z.size


@njit
def scratch_in_loop(n, reps):
    s = 0.0
    for r in range(reps):
        tmp = np.zeros(n)
        tmp[r % n] = r + 1.0
        for i in range(n):
            s += tmp[i] * (i + 1)
    return s


@njit
def smooth_steps(a, steps):
    cur = np.empty_like(a)
    for i in range(a.shape[0]):
        cur[i] = a[i]
    for s in range(steps):
        nxt = np.empty_like(cur)
        nxt[0] = cur[0]
        nxt[cur.shape[0] - 1] = cur[cur.shape[0] - 1]
        for i in range(1, cur.shape[0] - 1):
            nxt[i] = (cur[i - 1] + cur[i] + cur[i + 1]) / 3.0
        cur = nxt
    t = 0.0
    for i in range(cur.shape[0]):
        t += cur[i] * (i + 1)
    return t


@njit
def sized_scratch(n):
    b = np.empty(n, np.int64)
    for i in range(n):
        b[i] = i * i
    return b.size, b[n - 1] if n > 0 else -1


@njit
def sum_of_zeros(n):
    z = np.zeros((n, 2))
    return z.shape[0] + z.shape[1]


@njit
def fill_value(b, v):
    for i in range(b.shape[0]):
        b[i] = v + i


@njit
def helpers_alloc(n):
    b = np.empty(n)
    fill_value(b, 1.5)
    return b[n - 1] + sum_of_zeros(n)


@njit
def transposed_like(a):
    f = np.empty_like(a.T)
    c = np.zeros_like(a)
    return f.strides[0], f.strides[1], c.strides[0], c.strides[1], f.shape[0]


@njit
def flags_and_strings(n):
    seen = np.zeros(n, dtype=np.bool_)
    for i in range(0, n, 3):
        seen[i] = True
    small = np.ones(n, 'int16')
    k = 0
    for i in range(n):
        if seen[i]:
            k += small[i]
    return k, small.strides[0], np.ones(2, np.bool_)[1]


@njit
def complex_scratch(n):
    z = np.zeros(n, np.complex128)
    for i in range(n):
        z[i] = complex(i, -2 * i)
    s = 0j
    for i in range(n):
        s += z[i]
    return s.real, s.imag


@njit(parallel=True)
def par_scratch_rows(a):
    s = 0.0
    for i in prange(a.shape[0]):
        row = np.empty(a.shape[1])
        for j in range(a.shape[1]):
            row[j] = a[i, j] * a[i, j]
        for j in range(a.shape[1]):
            s += row[j]
    return s
