# A name that is only annotated (`count: int`, no value) is declared but
# never bound, as in Python: the kernel compiles on both backends (pykc -c
# used to crash on its untyped slot, found by the codegen fuzzer).
# RUN: %pykc %s --sig 'k(int64[:])' -c -o %t.o --no-sass
# RUN: %pykc %s --sig 'k(int64[:])' -o - | FileCheck %s
from numba import cuda


@cuda.jit
def k(a):
    count: int
    a[0] = 1

# CHECK: .entry k(
