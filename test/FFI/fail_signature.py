# A foreign signature pykc cannot read is an error that points into it.
# RUN: not %pykc %s -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda

bad_param = cuda.declare_device("f", "float32(float32[:], int32)")
bad_pointee = cuda.declare_device("g", "float32(CPointer(floaty))")
bad_return = cuda.declare_device("h", "array(float32)")
complex_arg = cuda.declare_device("c", "void(complex64)")
bad_abi = cuda.declare_device("d", "void()", abi="cpp")
no_sig = cuda.declare_device("e")


@cuda.jit("void(float32[:])")
def k(a):
    a[0] = 1

# CHECK: {{^}}{{.*}}fail_signature.py:5:54: error: invalid foreign function signature: an array parameter is a pointer to its data in a foreign signature: write 'CPointer(float32)' and pass the array [BadForeignSignature]{{$}}
# CHECK-NEXT: {{^}}bad_param = cuda.declare_device("f", "float32(float32[:], int32)"){{$}}
# CHECK-NEXT: {{^}}                                                     ^{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_signature.py:6:58: error: invalid foreign function signature: 'floaty' is not a dtype a pointer can point to [BadForeignSignature]{{$}}
# CHECK-NEXT: {{^}}bad_pointee = cuda.declare_device("g", "float32(CPointer(floaty))"){{$}}
# CHECK-NEXT: {{^}}                                                         ^~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_signature.py:7:40: error: invalid foreign function signature: 'array' is not a return type a foreign function can have (a scalar such as 'float32', or 'void') [BadForeignSignature]{{$}}
# CHECK-NEXT: {{^}}bad_return = cuda.declare_device("h", "array(float32)"){{$}}
# CHECK-NEXT: {{^}}                                       ^~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_signature.py:8:46: error: invalid foreign function signature: 'complex64' is not a parameter type a foreign function can have (a scalar, 'CPointer(dtype)' or 'voidptr') [BadForeignSignature]{{$}}
# CHECK-NEXT: {{^}}complex_arg = cuda.declare_device("c", "void(complex64)"){{$}}
# CHECK-NEXT: {{^}}                                             ^~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_signature.py:9:50: error: invalid cuda.declare_device: 'abi' must be 'numba' or 'c' [BadDeclareDevice]{{$}}
# CHECK-NEXT: {{^}}bad_abi = cuda.declare_device("d", "void()", abi="cpp"){{$}}
# CHECK-NEXT: {{^}}                                                 ^~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_signature.py:10:10: error: invalid cuda.declare_device: it needs the function's name and its signature, as in cuda.declare_device('f', 'float32(float32)') [BadDeclareDevice]{{$}}
# CHECK-NEXT: {{^}}no_sig = cuda.declare_device("e"){{$}}
# CHECK-NEXT: {{^}}         ^~~~~~~~~~~~~~~~~~~~~~~~{{$}}
