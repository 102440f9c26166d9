# A module global whose value reads a misspelt name is host data to pykc
# (Python would stop there with a NameError): where a kernel uses it, the
# note points at the misspelling and suggests the nearest name. A global
# whose value pykc cannot evaluate for another reason keeps the plain note.
# RUN: not %pykc %s --sig 'k(float32[:])' -o /dev/null 2>&1 | FileCheck %s --strict-whitespace --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:
import numpy as np
from numba import cuda

SCALE = 2.0
OFFSET = SCALEE * 4
NOISE = np.random.rand()


@cuda.jit
def k(a):
    a[0] = OFFSET + NOISE

# CHECK: {{^}}{{.*}}fail_module_misspelt_name.py:16:12: error: name 'OFFSET' is defined by host code that pykc does not run; a kernel can use module constants, imports and @cuda.jit functions [HostOnlyName]{{$}}
# CHECK-NEXT: {{^}}    a[0] = OFFSET + NOISE{{$}}
# CHECK-NEXT: {{^}}           ^~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_module_misspelt_name.py:10:10: note: 'OFFSET' is assigned a value that reads 'SCALEE', which is not defined (Python stops at this line with a NameError); did you mean 'SCALE'? [NoteUndefinedInValue]{{$}}
# CHECK-NEXT: {{^}}OFFSET = SCALEE * 4{{$}}
# CHECK-NEXT: {{^}}         ^~~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_module_misspelt_name.py:16:21: error: name 'NOISE' is defined by host code that pykc does not run; a kernel can use module constants, imports and @cuda.jit functions [HostOnlyName]{{$}}
# CHECK-NEXT: {{^}}    a[0] = OFFSET + NOISE{{$}}
# CHECK-NEXT: {{^}}                    ^~~~~{{$}}
# CHECK-NEXT: {{^}}{{.*}}fail_module_misspelt_name.py:11:1: note: 'NOISE' is assigned a value that draws random numbers; pass -D NOISE=VALUE to compile with a value for it [NoteHostValue]{{$}}
# CHECK-NEXT: {{^}}NOISE = np.random.rand(){{$}}
# CHECK-NEXT: {{^}}^~~~~{{$}}
