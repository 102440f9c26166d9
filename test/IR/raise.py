# 'raise' in a kernel behaves as on Numba-CUDA without debug=True: the
# raising thread returns from the kernel and nothing is reported, which
# pykc says with a warning at the keyword. In a device function it would
# have to unwind through the callers: an error for now.
# RUN: not %pykc %s --sig 'k(float32[:], boolean)' --sig 'uses(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
# RUN: %pykc %s --sig 'k(float32[:], boolean)' --emit=ir -o - 2>/dev/null | FileCheck %s --check-prefix=IR
from numba import cuda


@cuda.jit
def k(a, bad):
    if bad:
        raise ValueError("bad input")
    a[0] = 1


@cuda.jit(device=True)
def check(x):
    if x < 0:
        raise ValueError
    return x


@cuda.jit
def uses(a):
    a[0] = check(a[1])

# CHECK: {{^}}{{.*}}raise.py:13:9: warning: 'raise' in a kernel ends this thread silently, as Numba-CUDA does without debug=True: the launch reports nothing [RaiseEndsThread]{{$}}
# CHECK-NEXT: {{^}}        raise ValueError("bad input"){{$}}
# CHECK-NEXT: {{^}}        ^~~~~{{$}}
# CHECK: {{^}}{{.*}}raise.py:20:9: error: 'raise' in a device function is not supported in a kernel [UnsupportedSyntax]{{$}}
# CHECK-NEXT: {{^}}        raise ValueError{{$}}
# CHECK-NEXT: {{^}}        ^~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}raise.py:26:12: note: while compiling 'check' called with (float32) [DeviceFunctionFailed]{{$}}
# IR-LABEL: {{^}}kernel k(
# IR-NEXT: {{^}}  if bad:{{$}}
# IR-NEXT: {{^}}    return{{$}}
# IR-NEXT: {{^}}  a[0] = float32(1){{$}}
