# Arguments of a foreign function: a number for a scalar parameter, an
# array of the pointee's dtype for a CPointer, any array for a voidptr.
# RUN: not %pykc %s -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda

sum_reduce = cuda.declare_device("sum_reduce", "float32(CPointer(float32), int32)")
opaque = cuda.declare_device("opaque", "int32(voidptr)", abi="c")


@cuda.jit("void(float64[:], int32[:])")
def k(a, b):
    a[0] = sum_reduce(a, 3)
    a[1] = sum_reduce(b[0], a)
    b[0] = opaque(1.5)
    b[1] = opaque(b, 2)

# CHECK: {{^}}{{.*}}fail_argument.py:12:23: error: argument 1 of foreign function 'sum_reduce' is CPointer(float32), so it takes an array of float32 (or ffi.from_buffer of one), not 'array(float64, 1d, A)' [ForeignArgument]{{$}}
# CHECK-NEXT: {{^}}    a[0] = sum_reduce(a, 3){{$}}
# CHECK-NEXT: {{^}}                      ^{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_argument.py:13:23: error: argument 1 of foreign function 'sum_reduce' is CPointer(float32), so it takes an array of float32 (or ffi.from_buffer of one), not 'int32' [ForeignArgument]{{$}}
# CHECK-NEXT: {{^}}    a[1] = sum_reduce(b[0], a){{$}}
# CHECK-NEXT: {{^}}                      ^~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_argument.py:13:29: error: argument 2 of foreign function 'sum_reduce' is int32, so it takes a number, not 'array(float64, 1d, A)' [ForeignArgument]{{$}}
# CHECK-NEXT: {{^}}    a[1] = sum_reduce(b[0], a){{$}}
# CHECK-NEXT: {{^}}                            ^{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_argument.py:14:19: error: argument 1 of foreign function 'opaque' is voidptr, so it takes an array (or ffi.from_buffer of one), not 'float64' [ForeignArgument]{{$}}
# CHECK-NEXT: {{^}}    b[0] = opaque(1.5){{$}}
# CHECK-NEXT: {{^}}                  ^~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_argument.py:15:12: error: opaque() takes 1 argument but 2 were given [ArgumentCount]{{$}}
# CHECK-NEXT: {{^}}    b[1] = opaque(b, 2){{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~~~~~~{{$}}
