# A decorator list naming the same argument types twice compiles them once,
# as Numba does (its dispatcher keeps the first overload), with a warning.
# (Found by the kernel fuzzer: two equal kernels reached the object writer.)
# RUN: %pykc %s --emit=ir -o - 2>%t.err | FileCheck %s
# RUN: FileCheck %s --check-prefix=WARN --strict-whitespace --implicit-check-not=warning: < %t.err
# RUN: %pykc %s -c --no-sass -o %t.o
from numba import cuda


@cuda.jit(["void(int64[:])", "void(float32[:])", "void(int64[:])"])
def kernel(r):
    r[0] = 1

# CHECK: {{^}}kernel kernel(r: array(int64, 1d, A)) -> none  # symbol
# CHECK: {{^}}kernel kernel(r: array(float32, 1d, A)) -> none  # symbol
# CHECK-NOT: kernel kernel(
# WARN: {{^}}{{.*}}repeated_decorator_signature.py:10:50: warning: this signature has the same argument types as the one at 10:13, so it is ignored (Numba compiles those argument types once) [RepeatedSignature]{{$}}
