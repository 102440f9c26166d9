# complex64 and complex128 with Numba's typing (each checked against
# numba.njit's inspect_types): a complex64 meets an int32 or a float64 as
# complex128, a float32 as complex64; abs, phase and .real give the float
# type; complex(x, y) is complex64 only of two float32; a real argument of a
# cmath function converts to complex64 when it can (the first case wins);
# division, power and cmath are calls of pykc-written device functions.
# RUN: %pykc %s --sig 'k(complex64, float32, int32, float64, complex64[:], float32[:])' --emit=ir -o - | FileCheck %s
# RUN: %if ptxas %{ %pykc %s --sig 'k(complex64, float32, int32, float64, complex64[:], float32[:])' -o %t.ptx && %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
import cmath
from numba import cuda


@cuda.jit
def k(z, x, n, d, out, f):
    a = z + n
    b = z * x
    c = z * 2.0
    e = abs(z)
    g = z / z
    h = complex(x, x)
    j = complex(x, d)
    l = complex(n)
    m = cmath.sqrt(x)
    p = cmath.phase(z)
    q = z.real + x.imag
    r = -z + 1.5j
    s = z == 1j
    u = z.conjugate()
    out[0] = a + b + c + g + h + j + l + m + r + u
    f[0] = e + p + q + s

# CHECK-LABEL: {{^}}kernel k(z: complex64, x: float32, n: int32, d: float64, out: array(complex64, 1d, A), f: array(float32, 1d, A))
# CHECK-NEXT: {{^}}  a: complex128 = (complex128(z) + complex128(n)){{$}}
# CHECK-NEXT: {{^}}  b: complex64 = (z * complex64(x)){{$}}
# CHECK-NEXT: {{^}}  c: complex128 = (complex128(z) * complex128(2.0)){{$}}
# CHECK-NEXT: {{^}}  e: float32 = __pykc_cabs_complex64__complex64(z){{$}}
# CHECK-NEXT: {{^}}  g: complex64 = __pykc_cdiv_complex64__complex64_complex64(z, z){{$}}
# CHECK-NEXT: {{^}}  h: complex64 = complex(x, x){{$}}
# CHECK-NEXT: {{^}}  j: complex128 = complex(float64(x), d){{$}}
# CHECK-NEXT: {{^}}  l: complex128 = complex128(n){{$}}
# CHECK-NEXT: {{^}}  m: complex64 = complex64(__pykc_csqrt_complex64__complex64(complex64(x))){{$}}
# CHECK-NEXT: {{^}}  p: float32 = __pykc_cphase_complex64__complex64(z){{$}}
# CHECK-NEXT: {{^}}  q: float32 = (z.real + float32(0.0)){{$}}
# CHECK-NEXT: {{^}}  r: complex128 = (complex128((-z)) + complex128(0.0, 1.5)){{$}}
# CHECK-NEXT: {{^}}  s: bool = (complex128(z) == complex128(0.0, 1.0)){{$}}
# CHECK-NEXT: {{^}}  u: complex64 = complex(z.real, (-z.imag)){{$}}

# The helpers compute in their complex type, except where a float64
# literal widens the arithmetic, as Numba's own Python versions do.
# CHECK-LABEL: {{^}}device __pykc_cdiv_complex64(_pk_a: complex64, _pk_b: complex64) -> complex64
# CHECK: {{^}}  if (builtins.abs(_pk_br) >= builtins.abs(_pk_bi)):
# CHECK-NEXT: {{^}}    _pk_q: float32 = (_pk_bi / _pk_br){{$}}
