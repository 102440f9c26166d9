# math functions take Numba's CUDA signatures: a wrong argument count, or an
# argument no case accepts (an array), is an error at the call.
# RUN: not %pykc %s --sig 'k(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
import math
from numba import cuda


@cuda.jit
def k(a):
    a[0] = math.atan2(a[1])
    a[1] = math.sqrt(a)

# CHECK: {{^}}{{.*}}fail_math_arguments.py:10:12: error: math.atan2() takes 2 arguments but 1 were given [ArgumentCount]{{$}}
# CHECK-NEXT: {{^}}    a[0] = math.atan2(a[1]){{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_math_arguments.py:11:12: error: invalid argument to math.sqrt: no signature accepts (array(float32, 1d, A)) [InvalidArgument]{{$}}
# CHECK-NEXT: {{^}}    a[1] = math.sqrt(a){{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~~~~~~{{$}}
