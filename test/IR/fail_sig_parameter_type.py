# A type error that a --sig type causes gets a note at that type in the
# --sig text, naming the parameter: here a float32 count used in an index.
# A signature in the decorator is pointed at the same way. A call's result
# has a type of its own: no note for what was passed to it.
# RUN: not %pykc %s --sig 'k(float32[:], float32)' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
import math
from numba import cuda


@cuda.jit
def k(a, n):
    a[n - 1] = 0
    a[math.sqrt(n)] = 0


@cuda.jit("void(float32[:], int32, complex64)")
def d(a, i, z):
    a[i] = 0
    a[z] = 1

# CHECK: {{^}}{{.*}}fail_sig_parameter_type.py:12:7: error: an index must be an integer, not 'float64' [IndexType]{{$}}
# CHECK-NEXT: {{^}}    a[n - 1] = 0{{$}}
# CHECK-NEXT: {{^}}      ^~~~~{{$}}
# CHECK-NEXT: {{^}}<--sig>:1:15: note: parameter 'n' is 'float32' because this signature says so [NoteSignatureType]{{$}}
# CHECK-NEXT: {{^}}k(float32[:], float32){{$}}
# CHECK-NEXT: {{^}}              ^~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_sig_parameter_type.py:13:7: error: an index must be an integer, not 'float32' [IndexType]{{$}}
# CHECK-NEXT: {{^}}    a[math.sqrt(n)] = 0{{$}}
# CHECK-NEXT: {{^}}      ^~~~~~~~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_sig_parameter_type.py:19:7: error: an index must be an integer, not 'complex64' [IndexType]{{$}}
# CHECK-NEXT: {{^}}    a[z] = 1{{$}}
# CHECK-NEXT: {{^}}      ^{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_sig_parameter_type.py:16:36: note: parameter 'z' is 'complex64' because this signature says so [NoteSignatureType]{{$}}
# CHECK-NEXT: {{^}}@cuda.jit("void(float32[:], int32, complex64)"){{$}}
# CHECK-NEXT: {{^}}                                   ^~~~~~~~~{{$}}
