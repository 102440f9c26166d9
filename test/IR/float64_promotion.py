# Numba computes in float64 when a float literal (`tmp = 0.`, as in the
# documents' matrix products) or an integer meets float32 data. In a
# function whose floating-point data is all float32 that is rarely meant:
# one warning per cause, at the literal or integer, naming the variable and
# the fix. One operation rounded straight back to float32 (`a[i] += 1`)
# gives float32's result and compiles to a float32 instruction: no warning;
# nor for float64 kernels, nor once the literal is float32(...).
# RUN: %pykc %s -o %t.ptx 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=warning:
# RUN: %pykc %s --emit=ptx -o - 2>/dev/null | FileCheck %s --check-prefix=PTX
from numba import cuda, float32


@cuda.jit("void(float32[:, :], float32[:, :], float32[:, :])")
def matmul(A, B, C):
    i, j = cuda.grid(2)
    if i < C.shape[0] and j < C.shape[1]:
        tmp = 0.
        for k in range(A.shape[1]):
            tmp += A[i, k] * B[k, j]
        for k in range(A.shape[1]):
            tmp -= A[i, k]
        C[i, j] = tmp
# CHECK: {{^}}{{.*}}float64_promotion.py:17:15: warning: 'tmp' and the arithmetic on it on line 19 compute in float64 although the function's floating-point data is float32: it starts as the float literal '0.', a float64; write 'float32(0.)' to stay in float32 (float64 arithmetic is 2 to 64 times slower, depending on the GPU) [Float64Promotion]{{$}}
# CHECK-NEXT: {{^}}        tmp = 0.{{$}}
# CHECK-NEXT: {{^}}              ^~{{$}}


@cuda.jit("void(float32[:], int32)")
def mixed(a, n):
    i = cuda.grid(1)
    s = 0
    for j in range(n):
        s += a[j]
    a[i] = a[i] * 2 + a[i] * 0.5 + n
    a[i] += 1
    a[i] = a[i] * 0.5
    a[i] = a[i] / 3
    a[i] = a[i] * 0.1
# CHECK-NEXT: {{^}}{{.*}}float64_promotion.py:31:9: warning: 's' and the arithmetic on it on line 33 compute in float64 although the function's floating-point data is float32: it starts as the integer '0' and Numba types int64 combined with float32 as float64; write 'float32(0)' to stay in float32 (float64 arithmetic is 2 to 64 times slower, depending on the GPU) [Float64Promotion]{{$}}
# CHECK-NEXT: {{^}}    s = 0{{$}}
# CHECK-NEXT: {{^}}        ^{{$}}
# CHECK-NEXT: {{^}}{{.*}}float64_promotion.py:34:19: warning: 'a[i] * 2' computes in float64 although the function's floating-point data is float32: Numba types float32 combined with the integer '2' (int64) as float64; write 'float32(2)' to stay in float32 (float64 arithmetic is 2 to 64 times slower, depending on the GPU) [Float64Promotion]{{$}}
# CHECK-NEXT: {{^}}    a[i] = a[i] * 2 + a[i] * 0.5 + n{{$}}
# CHECK-NEXT: {{^}}                  ^{{$}}
# CHECK-NEXT: {{^}}{{.*}}float64_promotion.py:34:30: warning: 'a[i] * 0.5' computes in float64 although the function's floating-point data is float32: the float literal '0.5' is a float64; write 'float32(0.5)' to stay in float32 (float64 arithmetic is 2 to 64 times slower, depending on the GPU) [Float64Promotion]{{$}}
# CHECK-NEXT: {{^}}    a[i] = a[i] * 2 + a[i] * 0.5 + n{{$}}
# CHECK-NEXT: {{^}}                             ^~~{{$}}
# ('+ n' is reported once the two before it are fixed: then it mixes float32 and int32.)
# 0.1 is not a float32 value: float32(a[i] * 0.1) differs from a[i] * float32(0.1).
# CHECK-NEXT: {{^}}{{.*}}float64_promotion.py:38:19: warning: 'a[i] * 0.1' computes in float64 although the function's floating-point data is float32: the float literal '0.1' is a float64; write 'float32(0.1)' to stay in float32 (float64 arithmetic is 2 to 64 times slower, depending on the GPU) [Float64Promotion]{{$}}


@cuda.jit("void(float32[:])")
def fixed(a):
    i = cuda.grid(1)
    tmp = float32(0.)
    for k in range(a.size):
        tmp += a[k] * float32(0.5)
    a[i] = tmp


@cuda.jit("void(float64[:], float32[:])")
def wide(a, b):
    i = cuda.grid(1)
    tmp = 0.
    for k in range(a.size):
        tmp += b[k]
    a[i] = tmp

# The exact single operations are float32 instructions; the others stay float64.
# PTX-LABEL: .entry mixed(
# PTX: add.rn.f32
# PTX: mul.rn.f32
# PTX: div.rn.f32
# PTX: mul.rn.f64 {{.*}}0d3FB999999999999A
# PTX-LABEL: .entry fixed(
# PTX-NOT: f64
# PTX: ret;
