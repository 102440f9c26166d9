# print() takes what Numba-CUDA prints (integers, floats, string literals):
# an array is one error at the argument, and a keyword (sep=, end=) is
# refused at the keyword, as Numba has no such print.
# RUN: not %pykc %s --sig 'k(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning:
from numba import cuda


@cuda.jit
def k(a):
    print("a is", a)
    print(a[0], sep=",")

# CHECK: {{^}}{{.*}}fail_print.py:10:19: error: invalid argument to print: Numba-CUDA prints integers, floats and string literals, not 'array(float32, 1d, A)' [InvalidArgument]{{$}}
# CHECK-NEXT: {{^}}    print("a is", a){{$}}
# CHECK-NEXT: {{^}}                  ^{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_print.py:11:17: error: print() got an unexpected keyword argument 'sep' [UnknownKeyword]{{$}}
