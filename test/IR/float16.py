# float16 with Numba-CUDA's typing: arithmetic and math have no float16
# case, so a float16 operand promotes to float32 (Numba's promote rule);
# the cuda.fp16 intrinsics stay in float16 (a literal converts to it);
# np.float16(x) converts; heq/hlt give bool.
# RUN: %pykc %s --sig 'k(float16[:], float16, float32[:], boolean[:])' --emit=ir -o - | FileCheck %s
# RUN: %if ptxas %{ %pykc %s --sig 'k(float16[:], float16, float32[:], boolean[:])' -o %t.ptx && %ptxas -arch=sm_75 %t.ptx -o /dev/null && %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
import math
import numpy as np
from numba import cuda


@cuda.jit
def k(h, x, out, flag):
    s = h[0] * x
    m = math.sqrt(h[1])
    a = cuda.fp16.hadd(h[0], x)
    b = cuda.fp16.hmul(a, 2)
    c = np.float16(out[0])
    h[2] = b
    out[1] = s + m + c
    flag[0] = cuda.fp16.hlt(a, b)

# CHECK-LABEL: {{^}}kernel k(h: array(float16, 1d, A), x: float16, out: array(float32, 1d, A), flag: array(bool, 1d, A))
# CHECK-NEXT: {{^}}  s: float32 = (float32(h[0]) * float32(x)){{$}}
# CHECK-NEXT: {{^}}  m: float32 = math.sqrt(float32(h[1])){{$}}
# CHECK-NEXT: {{^}}  a: float16 = cuda.fp16.hadd(h[0], x){{$}}
# CHECK-NEXT: {{^}}  b: float16 = cuda.fp16.hmul(a, float16(2)){{$}}
# CHECK-NEXT: {{^}}  c: float16 = float16(out[0]){{$}}
