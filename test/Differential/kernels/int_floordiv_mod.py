# Integer // and % with negative operands follow Python: the quotient is
# floored and the remainder takes the divisor's sign.
from numba import cuda


@cuda.jit
def floordiv_mod_int64(a, b, q, r):
    i = cuda.grid(1)
    if i < a.size:
        q[i] = a[i] // b[i]
        r[i] = a[i] % b[i]


@cuda.jit
def floordiv_mod_int32(a, b, q, r):
    i = cuda.grid(1)
    if i < a.size:
        q[i] = a[i] // b[i]
        r[i] = a[i] % b[i]


@cuda.jit
def floordiv_mod_literals(a, out):
    i = cuda.grid(1)
    if i < a.size:
        x = a[i]
        out[i, 0] = x // 7
        out[i, 1] = x % 7
        out[i, 2] = x // -3
        out[i, 3] = x % -3
        out[i, 4] = -x // 4
        out[i, 5] = (i - 16) % 5
        out[i, 6] = (i - 16) // 5
        out[i, 7] = 100 // (x % 9 + 1)


@cuda.jit
def floordiv_mod_mixed_sign(u, s, out):
    # An unsigned and a signed operand: Numba types both as int64 and
    # floors there, so 7 // -2 is -4 whichever side the unsigned one is on.
    i = cuda.grid(1)
    if i < u.size:
        out[i, 0] = u[i] // s[i]
        out[i, 1] = u[i] % s[i]
        out[i, 2] = s[i] // u[i]
        out[i, 3] = s[i] % u[i]
        out[i, 4] = u[i] // -3
        out[i, 5] = u[i] % -3


@cuda.jit
def divmod_builtin(a, b, x, y, out, fout):
    # divmod: the quotient and remainder of // and %, in the type Numba's
    # DivMod cases choose (int64 for int32 with uint32, float64 for floats).
    i = cuda.grid(1)
    if i < a.size:
        q, r = divmod(a[i], b[i])
        out[i, 0] = q
        out[i, 1] = r
        t = divmod(a[i] + 1, -3)
        out[i, 2] = t[0]
        out[i, 3] = t[1]
        fq, fr = divmod(x[i], y[i])
        fout[i, 0] = fq
        fout[i, 1] = fr
