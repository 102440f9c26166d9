# An f-string with replacement fields is refused, as Numba-CUDA refuses it,
# with the print(...) call that prints the same values.
# RUN: not %pykc %s -o /dev/null 2>&1 | FileCheck %s --strict-whitespace
from numba import cuda


@cuda.jit("void(int32[:])")
def show(a):
    i = cuda.grid(1)
    print(f"i = {i}, a = {a[i]:5d}")
# CHECK: {{^}}{{.*}}fail_fstring_fields.py:10:11: error: an f-string with replacement fields (write print("i =", i, "a =", a[i]): Numba-CUDA's print takes the values as arguments and formats no strings) is not supported in a kernel [UnsupportedSyntax]{{$}}
# CHECK-NEXT: {{^}}    print(f"i = {i}, a = {a[i]:5d}"){{$}}
# CHECK-NEXT: {{^}}          ^~~~~~~~~~~~~~~~~~~~~~~~~{{$}}
