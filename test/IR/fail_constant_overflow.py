# Integer literals in a kernel must fit in 64 bits (int64, or uint64 when
# positive); 2**64 written out does not. uint64 arithmetic wraps modulo 2**64
# already.
# RUN: not %pykc %s --sig 'k(uint64[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit
def k(h):
    i = cuda.grid(1)
    h[i] = (h[i] * 1099511628211) % 18446744073709551616

# CHECK: {{^}}{{.*}}fail_constant_overflow.py:11:37: error: integer constant 18446744073709551616 does not fit in int64 or uint64 [ConstantOverflow]{{$}}
# CHECK-NEXT: {{^}}    h[i] = (h[i] * 1099511628211) % 18446744073709551616{{$}}
# CHECK-NEXT: {{^}}                                    ^~~~~~~~~~~~~~~~~~~~{{$}}
