# A tuple doubled by concatenation grows exponentially with the source: past
# 4096 elements pykc stops with an error instead of running out of memory.
# RUN: not %pykc %s --sig 'k(int64[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit
def k(out):
    t = (1, 2, 3, 4, 5, 6, 7, 8)
    t1 = t + t
    t2 = t1 + t1
    t3 = t2 + t2
    t4 = t3 + t3
    t5 = t4 + t4
    t6 = t5 + t5
    t7 = t6 + t6
    t8 = t7 + t7
    t9 = t8 + t8
    t10 = t9 + t9
    t11 = t10 + t10
    t12 = t11 + t11
    t13 = t12 + t12
    t14 = t13 + t13
    t15 = t14 + t14
    out[0] = len(t15)

# CHECK: {{^}}{{.*}}fail_tuple_too_large.py:19:11: error: this concatenation makes a tuple of 8192 elements, more than the 4096 pykc builds (each element is a value of its own, in registers on the GPU); use an array [TupleTooLarge]{{$}}
# CHECK-NEXT: {{^}}    t10 = t9 + t9{{$}}
