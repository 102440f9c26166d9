# A kernel factory pykc cannot follow leaves its target a host name whose
# note says why (a loop, an argument known only at run time, a return
# inside a block, a factory that calls itself without end); --sig and
# `pykc run` on such a name say the same. Factories it follows compile.
# RUN: not %pykc %s --sig 'uses(float64[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=note:
# RUN: not %pykc %s --sig 'uses_endless(float64[:])' -o /dev/null 2>&1 | FileCheck %s --check-prefix=ENDLESS
# RUN: not %pykc %s --sig 'looped(float64[:])' -o /dev/null 2>&1 | FileCheck %s --check-prefix=SIG
# RUN: rm -rf %t && mkdir -p %t && %python -c "import numpy as np; np.save('%t/a.npy', np.array([3.0]))"
# RUN: not %pykc run %s looped --grid 1 --block 1 --backend cpu %t/a.npy 2>&1 | FileCheck %s --check-prefix=RUNCMD
# RUN: %pykc run %s guarded --grid 1 --block 1 --backend cpu %t/a.npy
# RUN: %python -c "import numpy as np; print(np.load('%t/a.npy').tolist())" | FileCheck %s --check-prefix=GUARDED
# GUARDED: [1.0]
import sys

from numba import cuda

LIMIT = None


def make_looped(n):
    for _ in range(n):
        pass

    @cuda.jit
    def kern(a):
        a[0] = n
    return kern


def make_scaled(k):
    @cuda.jit(device=True)
    def f(v):
        return v * k
    return f


def make_early(flag):
    @cuda.jit(device=True)
    def f(v):
        return v
    try:
        return f
    finally:
        pass


def make_endless(n):
    inner = make_endless(n + 1)

    @cuda.jit(device=True)
    def f(v):
        return inner(v)
    return f


looped = make_looped(3)
from_argv = make_scaled(float(sys.argv[1]))
early = make_early(True)
endless = make_endless(0)
ok = make_scaled(2.0)


@cuda.jit
def uses(a):
    a[0] = from_argv(a[0]) + early(a[0])


@cuda.jit
def uses_endless(a):
    a[0] = endless(a[0])


@cuda.jit
def guarded(a):
    # A module's None prunes `is` tests as the literal does.
    if LIMIT is not None:
        a[0] = min(a[0], LIMIT)
    if LIMIT is None:
        a[0] = 1.0

# CHECK: {{^}}{{.*}}fail_kernel_factories.py:65:12: error: name 'from_argv' is defined by host code that pykc does not run; a kernel can use module constants, imports and @cuda.jit functions [HostOnlyName]{{$}}
# CHECK-NEXT: {{^}}    a[0] = from_argv(a[0]) + early(a[0]){{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_kernel_factories.py:57:1: note: 'from_argv' is made by calling 'make_scaled' on line 57, which pykc cannot follow: the value of its parameter 'k' is not known at compile time [NoteHostMade]{{$}}
# CHECK-NEXT: {{^}}from_argv = make_scaled(float(sys.argv[1])){{$}}
# CHECK-NEXT: {{^}}^~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_kernel_factories.py:65:30: error: name 'early' is defined by host code that pykc does not run; a kernel can use module constants, imports and @cuda.jit functions [HostOnlyName]{{$}}
# CHECK-NEXT: {{^}}    a[0] = from_argv(a[0]) + early(a[0]){{$}}
# CHECK-NEXT: {{^}}                             ^~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_kernel_factories.py:58:1: note: 'early' is made by calling 'make_early' on line 58, which pykc cannot follow: it returns from inside a block (line 42) [NoteHostMade]{{$}}
# CHECK-NEXT: {{^}}early = make_early(True){{$}}
# CHECK-NEXT: {{^}}^~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_kernel_factories.py:69:5: warning: kernel 'uses_endless' has no signature and is not compiled [MissingSignature]{{$}}
# CHECK-NEXT: {{^}}def uses_endless(a):{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_kernel_factories.py:69:5: note: add --sig 'uses_endless(float32[:])' (any array and scalar types; this one is a guess from how the kernel uses its parameters) [NoteAddSignature]{{$}}
# CHECK-NEXT: {{^}}def uses_endless(a):{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_kernel_factories.py:74:5: warning: kernel 'guarded' has no signature and is not compiled [MissingSignature]{{$}}
# CHECK-NEXT: {{^}}def guarded(a):{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_kernel_factories.py:74:5: note: add --sig 'guarded(float32[:])' (any array and scalar types; this one is a guess from how the kernel uses its parameters) [NoteAddSignature]{{$}}
# CHECK-NEXT: {{^}}def guarded(a):{{$}}
# CHECK-NEXT: {{^}}    ^~~~~~~{{$}}
# ENDLESS: {{.*}}fail_kernel_factories.py:48:5: note: 'inner' is made by calling 'make_endless' on line 48, which pykc cannot follow: factory calls nest more than 8 deep [NoteHostMade]
# SIG: <--sig>:1:1: error: --sig names 'looped', which is not a @cuda.jit function in '{{.*}}fail_kernel_factories.py': 'looped' is made by calling 'make_looped' on line 56, which pykc cannot follow: it has a 'for' loop on line 21 [UnknownSignatureTarget]
# RUNCMD: pykc: error: 'looped' is not a @cuda.jit kernel in '{{.*}}fail_kernel_factories.py': 'looped' is made by calling 'make_looped' on line 56, which pykc cannot follow: it has a 'for' loop on line 21
