# What Numba does not allow with complex numbers is one error each, at the
# expression: no conversion to a real type (a store, float(), int(), math
# functions), no ordering (<, min, max), no // or %, complex(a, b) of a
# complex part, and print() of one.
# RUN: not %pykc %s --sig 'k(float64[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
import math
from numba import cuda


@cuda.jit
def k(out):
    z = complex(out[0], 1.0)
    out[0] = z
    out[1] += 1j
    out[2] = float(z)
    out[3] = int(z)
    if z < 1j:
        out[4] = 1
    out[5] = math.sqrt(z)
    out[6] = z // 2
    out[7] = complex(z, 1.0)
    print(z)
    out[8] = min(z, 1j).real

# CHECK: {{^}}{{.*}}fail_complex.py:13:14: error: invalid argument to an array element: cannot store 'complex128' into an element of array(float64, 1d, A) [InvalidArgument]{{$}}
# CHECK-NEXT: {{^}}    out[0] = z{{$}}
# CHECK-NEXT: {{^}}             ^{{$}}
# CHECK: {{^}}{{.*}}fail_complex.py:14:15: error: invalid argument to an array element: cannot store 'complex128' into an element of array(float64, 1d, A) [InvalidArgument]{{$}}
# CHECK: {{^}}{{.*}}fail_complex.py:15:20: error: invalid argument to float: unsupported argument type 'complex128' [InvalidArgument]{{$}}
# CHECK: {{^}}{{.*}}fail_complex.py:16:18: error: invalid argument to int: unsupported argument type 'complex128' [InvalidArgument]{{$}}
# CHECK: {{^}}{{.*}}fail_complex.py:17:8: error: unsupported operand types for <: 'complex128' and 'complex128' [UnsupportedBinary]{{$}}
# CHECK: {{^}}{{.*}}fail_complex.py:19:14: error: invalid argument to math.sqrt: no signature accepts (complex128) [InvalidArgument]{{$}}
# CHECK: {{^}}{{.*}}fail_complex.py:20:14: error: unsupported operand types for //: 'complex128' and 'int64' [UnsupportedBinary]{{$}}
# CHECK: {{^}}{{.*}}fail_complex.py:21:22: error: invalid argument to complex: with two arguments, each must be a real number, not 'complex128' [InvalidArgument]{{$}}
# CHECK: {{^}}{{.*}}fail_complex.py:22:11: error: invalid argument to print: Numba-CUDA prints integers, floats and string literals, not 'complex128' [InvalidArgument]{{$}}
# CHECK: {{^}}{{.*}}fail_complex.py:23:18: error: invalid argument to min: complex numbers have no order ('complex128') [InvalidArgument]{{$}}
