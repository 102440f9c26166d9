# A vector constructor takes numbers and vectors of its base type whose
# elements add up to its own; anything else is one error at the argument.
# RUN: not %pykc %s --sig 'k(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit
def k(a):
    v = cuda.float32x3(1.0, 2.0)
    w = cuda.float32x2(cuda.int32x2(1, 2))
    a[0] = v.x + w.y

# CHECK: {{^}}{{.*}}fail_vector_type.py:9:9: error: invalid argument to cuda.float32x3: the arguments give 2 elements for 3 [InvalidArgument]{{$}}
# CHECK: {{^}}{{.*}}fail_vector_type.py:10:24: error: invalid argument to cuda.float32x2: an argument must be a number or a float32 vector, not 'int32x2' [InvalidArgument]{{$}}
