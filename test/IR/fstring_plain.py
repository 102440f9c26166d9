# An f-string without replacement fields is its plain text, {{ and }} read
# as braces, as Python and Numba read it (it printed its source text).
# RUN: %pykc run %s hello --grid 1 --block 2 --backend cpu | FileCheck %s --strict-whitespace
# RUN: %pykc %s --emit=ptx -o - | FileCheck %s --check-prefix=PTX
from numba import cuda


@cuda.jit("void()")
def hello():
    print(f"plain {{braces}}")
# CHECK: {{^}}plain {braces}{{$}}
# CHECK-NEXT: {{^}}plain {braces}{{$}}
# CHECK-NOT: plain
# "plain {braces}\n"
# PTX: .b8 print_$_format[16] = {112, 108, 97, 105, 110, 32, 123, 98, 114, 97, 99, 101, 115, 125, 10};
