# An operator that does not apply to a parameter that --sig made a float
# (where an integer was likely meant) gets a note at that type in the --sig
# text; the integer operand gets none, nor does a float local.
# RUN: not %pykc %s --sig 'k(int32[:], float32, int32)' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
from numba import cuda


@cuda.jit
def k(a, bits, n):
    a[0] = n << bits
    a[1] = ~bits
    y = 0.5
    a[2] = n >> y

# CHECK: {{^}}{{.*}}fail_sig_operand_type.py:10:12: error: unsupported operand types for <<: 'int32' and 'float32' [UnsupportedBinary]{{$}}
# CHECK-NEXT: {{^}}    a[0] = n << bits{{$}}
# CHECK-NEXT: {{^}}           ^~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}<--sig>:1:13: note: parameter 'bits' is 'float32' because this signature says so [NoteSignatureType]{{$}}
# CHECK-NEXT: {{^}}k(int32[:], float32, int32){{$}}
# CHECK-NEXT: {{^}}            ^~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_sig_operand_type.py:11:12: error: bad operand type for unary ~: 'float32' [UnsupportedUnary]{{$}}
# CHECK-NEXT: {{^}}    a[1] = ~bits{{$}}
# CHECK-NEXT: {{^}}           ^~~~~{{$}}
# CHECK-NEXT: {{^}}<--sig>:1:13: note: parameter 'bits' is 'float32' because this signature says so [NoteSignatureType]{{$}}
# CHECK-NEXT: {{^}}k(int32[:], float32, int32){{$}}
# CHECK-NEXT: {{^}}            ^~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_sig_operand_type.py:13:12: error: unsupported operand types for >>: 'int32' and 'float64' [UnsupportedBinary]{{$}}
# CHECK-NEXT: {{^}}    a[2] = n >> y{{$}}
# CHECK-NEXT: {{^}}           ^~~~~~{{$}}
