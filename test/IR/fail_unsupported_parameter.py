# A kernel cannot take '*args': its parameters are the launch's arguments, one
# typed parameter each. The parameter is reported even though the signature's
# three types could be counted against the two parameters.
# RUN: not %pykc %s --sig 'scale(float32[:], float32, float32)' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit
def scale(out, *factors):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = out[i] * factors[0]

# CHECK: {{^}}{{.*}}fail_unsupported_parameter.py:9:17: error: *args, **kwargs and keyword-only parameters are not supported in a @cuda.jit function [UnsupportedParameter]{{$}}
# CHECK-NEXT: {{^}}def scale(out, *factors):{{$}}
# CHECK-NEXT: {{^}}                ^~~~~~~{{$}}
