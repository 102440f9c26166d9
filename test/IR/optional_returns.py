# Functions that return None on one path and a value on another (falling off
# the end included) return Numba's OptionalType; variables assigned None and
# a value are optionals too. `x is None` / `x is not None` test them, and a
# use where a test (or an assignment) has shown a value gets no warning; any
# other use is [OptionalUnchecked], once per name.
# RUN: %pykc %s --sig 'k(int64[:], int64[:])' --emit=ir -o %t.ir 2>&1 | FileCheck %s --check-prefix=WARN --strict-whitespace --implicit-check-not=warning: --implicit-check-not=error:
# RUN: FileCheck %s --input-file %t.ir
from numba import cuda


@cuda.jit(device=True)
def find(a, x):
    for i in range(a.size):
        if a[i] == x:
            return i


@cuda.jit(device=True)
def halve(x):
    if x % 2 == 0:
        return x // 2
    return None


@cuda.jit(device=True)
def widen(x):
    r = None
    if x > 2:
        r = x
    elif x < -2:
        r = 0.5
    return r


@cuda.jit
def k(a, out):
    i = cuda.grid(1)
    if i >= out.size:
        return
    r = find(a, i)
    if r is None:
        r = -1
    out[i] = r
    h = halve(i)
    if h is None:
        return
    out[i] += h
    w = widen(i)
    out[i] += w if w is not None else 0
    if w is not None and w > 3:
        out[i] += 1
    out[i] += halve(i + 1) + find(a, 0)
    out[i] += halve(i + 1)

# WARN: {{^}}{{.*}}optional_returns.py:52:15: warning: 'halve(i + 1)' is OptionalType(int64) and may be None here, where its int64 value is used: a None stops the thread (Numba raises 'TypeError: expected int64, got None'); test it first with 'v = halve(i + 1)' then 'if v is not None:' [OptionalUnchecked]{{$}}
# WARN-NEXT: {{^}}    out[i] += halve(i + 1) + find(a, 0){{$}}
# WARN-NEXT: {{^}}              ^~~~~~~~~~~~{{$}}
# WARN-NEXT: {{^}}{{.*}}optional_returns.py:52:30: warning: 'find(a, 0)' is OptionalType(int64) and may be None here, where its int64 value is used: a None stops the thread (Numba raises 'TypeError: expected int64, got None'); test it first with 'v = find(a, 0)' then 'if v is not None:' [OptionalUnchecked]{{$}}

# CHECK-LABEL: kernel k(
# CHECK: r: OptionalType(int64) = find__int64_1dA_int64(a, i)
# CHECK-NEXT: if (not (r is not None)):
# CHECK-NEXT:   r: OptionalType(int64) = optional(-1)
# CHECK-NEXT: out[i] = unwrap(r)
# CHECK: if (not (h is not None)):
# CHECK-NEXT:   return
# CHECK: w: OptionalType(float64) = widen__int64(i)
# CHECK: (unwrap(w) if (w is not None) else float64(0))
# CHECK: if ((w is not None) and (unwrap(w) > float64(3))):
# CHECK: out[i] = (out[i] + (unwrap(halve__int64((i + 1))) + unwrap(find__int64_1dA_c0(a))))
# CHECK-LABEL: device find(a: array(int64, 1d, A), x: int64) -> OptionalType(int64)
# CHECK: return optional(i)
# CHECK: return optional(None)
# CHECK-LABEL: device halve(x: int64) -> OptionalType(int64)
# CHECK-LABEL: device widen(x: int64) -> OptionalType(float64)
# CHECK: r: OptionalType(float64) = optional(None)
# CHECK: r: OptionalType(float64) = optional(float64(x))
# CHECK: r: OptionalType(float64) = optional(0.5)
